import {
  can,
  foldAccents,
  SEARCH_PER_KIND,
  searchKindPermissions,
  searchKinds,
  type SearchHit,
  type SearchKind,
} from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Actor } from '../domain/actor';
import { escapeLike, fold } from './mapping';

// The search box (docs/search.md): each kind's best matches, case and accents ignored. Best first: the text at the
// start of the record's name, then at the start of one of its words, then anywhere; then the records in use, then in
// the kind's order (by name; a sheet by deadline, the latest first).
//
// One statement per kind, in two steps. First the records in use whose name starts with the text, read along an
// index in the kind's order and stopped at the 6th, however many match: a contact's and a company's name along their
// name indexes, a sheet's title and reference along migration 0040's, or, when most sheets match, along the
// deadline's. Only when fewer than 6 do (a one-time filter: otherwise never run), the rest: every record containing
// the text, through the trigram indexes of the stored search keys (migrations 0010 and 0039), ranked on those keys
// alone. With 2 characters, which no trigram index serves, the names starting with them.

type HitRow = { id: number; label: string; detail: string | null; active: boolean };

type Patterns = { short: boolean; prefix: string; word: string; contains: string };

function patternsOf(text: string): Patterns {
  const folded = escapeLike(foldAccents(text.trim()));
  return { short: folded.length < 3, prefix: `${folded}%`, word: `% ${folded}%`, contains: `%${folded}%` };
}

type Condition = RawBuilder<boolean>;

type KindReader = {
  // The records the text finds.
  matches: (p: Patterns) => Condition;
  // Those among them whose name starts with the text (rank 0): a range of one of the kind's indexes.
  starts: (p: Patterns) => Condition;
  // Rank 1: the text at the start of another word of the keys (2: elsewhere).
  wordStarts: (p: Patterns) => Condition;
  // A record in use.
  active: Condition;
  // The kind's own order, last of the sort.
  order: RawBuilder<unknown>;
  // Ids and ranks of the records meeting `where`, at most 6, sorted by `orderBy`.
  pick: (query: { where: Condition; orderBy: RawBuilder<unknown>; rank: RawBuilder<number> }) => RawBuilder<unknown>;
  // The hits of `best` (ids and ranks), sorted by `orderBy`, at most 6.
  name: (best: RawBuilder<unknown>, orderBy: RawBuilder<unknown>) => RawBuilder<HitRow>;
};

const userName = fold(sql`u.first_name || ' ' || u.last_name`);

// The hits are chosen on the searched table alone, then named: joined to their company for those rows only.
const readers: Record<SearchKind, KindReader> = {
  // name_key: last name, first name (the lists' order); search_key: first name, last name, e-mail, phone.
  contact: {
    matches: (p) =>
      p.short
        ? sql`c.name_key like ${p.prefix}`
        : sql`(c.search_key like ${p.contains} or c.name_key like ${p.prefix})`,
    starts: (p) => sql`c.name_key like ${p.prefix}`,
    wordStarts: (p) => sql`(c.search_key like ${p.prefix} or c.search_key like ${p.word})`,
    active: sql`c.is_active`,
    order: sql`c.name_key, c.id`,
    pick: ({ where, orderBy, rank }) => sql`
      select c.id, ${rank} as rank from contact c
      where c.merged_into_id is null and ${where}
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
    name: (best, orderBy) => sql<HitRow>`
      select c.id, c.first_name || ' ' || c.last_name as label, co.name as detail, c.is_active as active
      from ${best} best
      join contact c on c.id = best.id
      left join company co on co.id = c.company_id
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
  },
  // name_key: the name; search_key: name, SIRET, city.
  company: {
    matches: (p) => (p.short ? sql`co.name_key like ${p.prefix}` : sql`co.search_key like ${p.contains}`),
    starts: (p) => sql`co.name_key like ${p.prefix}`,
    wordStarts: (p) => sql`co.search_key like ${p.word}`,
    active: sql`co.is_active`,
    order: sql`co.name_key, co.id`,
    pick: ({ where, orderBy, rank }) => sql`
      select co.id, ${rank} as rank from company co
      where ${where}
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
    name: (best, orderBy) => sql<HitRow>`
      select co.id, co.name as label, nullif(concat_ws(' ', co.postal_code, co.city), '') as detail,
        co.is_active as active
      from ${best} best
      join company co on co.id = best.id
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
  },
  // search_key: title, reference (migration 0039); a sheet in use: open.
  needsSheet: {
    matches: (p) => sql`s.search_key like ${p.short ? p.prefix : p.contains}`,
    starts: (p) =>
      p.short
        ? sql`s.search_key like ${p.prefix}`
        : sql`(s.search_key like ${p.prefix} or lower(s.reference) collate "C" like ${p.prefix})`,
    wordStarts: (p) => sql`s.search_key like ${p.word}`,
    active: sql`(not s.closed and s.is_active)`,
    order: sql`s.deadline desc, s.id desc`,
    pick: ({ where, orderBy, rank }) => sql`
      select s.id, ${rank} as rank from needs_sheet s
      where ${where}
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
    name: (best, orderBy) => sql<HitRow>`
      select s.id, s.reference || ' — ' || s.title as label, co.name as detail, not s.closed and s.is_active as active
      from ${best} best
      join needs_sheet s on s.id = best.id
      join company co on co.id = s.company_id
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
  },
  // A few dozen rows, read whole: names, trigram, e-mail, containing the text even when it is short.
  user: {
    matches: (p) => sql`${userName} || ' ' || lower(u.trigram) || ' ' || lower(u.email) like ${p.contains}`,
    starts: (p) => sql`(lower(u.trigram) like ${p.prefix} or ${userName} like ${p.prefix})`,
    wordStarts: (p) => sql`${userName} like ${p.word}`,
    active: sql`u.is_active`,
    order: sql`${fold(sql.ref('u.last_name'))}, u.id`,
    pick: ({ where, orderBy, rank }) => sql`
      select u.id, ${rank} as rank from app_user u
      where ${where}
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
    name: (best, orderBy) => sql<HitRow>`
      select u.id, u.first_name || ' ' || u.last_name as label, u.trigram as detail, u.is_active as active
      from ${best} best
      join app_user u on u.id = best.id
      order by ${orderBy}
      limit ${SEARCH_PER_KIND}`,
  },
};

// One kind's best hits. The first step's rows are all of rank 0 and in use: the final order keeps them first.
function searchKind(db: Db, reader: KindReader, patterns: Patterns): Promise<HitRow[]> {
  const starts = reader.starts(patterns);
  const first = sql<boolean>`${starts} and ${reader.active}`;
  const rank = sql<number>`case when ${starts} then 0 when ${reader.wordStarts(patterns)} then 1 else 2 end`;
  const rest = reader.pick({
    where: sql`${reader.matches(patterns)} and (${first}) is not true
      and (select count(*) from first_step) < ${SEARCH_PER_KIND}`,
    orderBy: sql`${rank}, ${reader.active} desc, ${reader.order}`,
    rank,
  });
  return sql<HitRow>`
    with first_step as materialized (${reader.pick({ where: first, orderBy: reader.order, rank: sql`0` })})
    ${reader.name(
      sql`(select id, rank from first_step union all (${rest}))`,
      sql`best.rank, ${reader.active} desc, ${reader.order}`,
    )}`
    .execute(db)
    .then((result) => result.rows);
}

export function createSearchRepository(db: Db) {
  return {
    // The kinds the actor may read, searched side by side.
    async search(actor: Actor, text: string): Promise<SearchHit[]> {
      const patterns = patternsOf(text);
      const kinds = searchKinds.filter((kind) => {
        const { resource, action } = searchKindPermissions[kind];
        return can(actor.role, resource, action);
      });
      const found = await Promise.all(kinds.map((kind) => searchKind(db, readers[kind], patterns)));
      return kinds.flatMap((kind, index) =>
        found[index].map((row) => ({ kind, id: row.id, label: row.label, detail: row.detail, active: row.active })),
      );
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
