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
// start of the record's name, then at the start of one of its words, then anywhere; then active records, then by name.
// From 3 characters a "contains" read through the trigram indexes of the stored search keys (migrations 0010 and
// 0039: a contact's names, e-mail and phone, a company's name, SIRET and city, a sheet's title and reference); with 2,
// which no trigram index serves, the names (a sheet's title) starting with them.

type HitRow = { id: number; label: string; detail: string | null; active: boolean };

type Patterns = { short: boolean; prefix: string; word: string; contains: string };

function patternsOf(text: string): Patterns {
  const folded = escapeLike(foldAccents(text.trim()));
  return { short: folded.length < 3, prefix: `${folded}%`, word: `% ${folded}%`, contains: `%${folded}%` };
}

// 0 at the start of the key, 1 at the start of one of its words, 2 elsewhere: read on the stored folded keys alone, so
// that ranking thousands of matches computes nothing per row.
const rank = (keys: RawBuilder<string>[], p: Patterns) =>
  sql`case when ${sql.join(
    keys.map((key) => sql`${key} like ${p.prefix}`),
    sql` or `,
  )} then 0 when ${keys[0]} like ${p.word} then 1 else 2 end`;

// Each kind's best matches are chosen on the searched table alone (a bounded sort of its keys), then named: joined to
// their company for those 6 rows only.
const queries: Record<SearchKind, (p: Patterns) => RawBuilder<HitRow>> = {
  // search_key: first name, last name, e-mail, phone; name_key: last name, first name.
  contact: (p) => sql<HitRow>`
    select c.id, c.first_name || ' ' || c.last_name as label, co.name as detail, c.is_active as active
    from (
      select c.id, ${rank([sql`c.search_key`, sql`c.name_key`], p)} as rank
      from contact c
      where c.merged_into_id is null and ${p.short ? sql`c.name_key like ${p.prefix}` : sql`c.search_key like ${p.contains}`}
      order by rank, c.is_active desc, c.name_key, c.id
      limit ${SEARCH_PER_KIND}
    ) best
    join contact c on c.id = best.id
    left join company co on co.id = c.company_id
    order by best.rank, c.is_active desc, c.name_key, c.id`,
  // search_key: name, SIRET, city; name_key: the name.
  company: (p) => sql<HitRow>`
    select co.id, co.name as label, nullif(concat_ws(' ', co.postal_code, co.city), '') as detail,
      co.is_active as active
    from company co
    where ${p.short ? sql`co.name_key like ${p.prefix}` : sql`co.search_key like ${p.contains}`}
    order by ${rank([sql`co.search_key`], p)}, co.is_active desc, co.name_key, co.id
    limit ${SEARCH_PER_KIND}`,
  // search_key: title, reference (migration 0039).
  needsSheet: (p) => sql<HitRow>`
    select s.id, s.reference || ' — ' || s.title as label, co.name as detail, best.open as active
    from (
      select s.id, ${rank([sql`s.search_key`, sql`lower(s.reference)`], p)} as rank, not s.closed and s.is_active as open,
        s.deadline
      from needs_sheet s
      where s.search_key like ${p.short ? p.prefix : p.contains}
      order by rank, open desc, s.deadline desc, s.id desc
      limit ${SEARCH_PER_KIND}
    ) best
    join needs_sheet s on s.id = best.id
    join company co on co.id = s.company_id
    order by best.rank, best.open desc, best.deadline desc, s.id desc`,
  // A few dozen rows.
  user: (p) => {
    const name = fold(sql`u.first_name || ' ' || u.last_name`);
    return sql<HitRow>`
      select u.id, u.first_name || ' ' || u.last_name as label, u.trigram as detail, u.is_active as active
      from app_user u
      where ${name} || ' ' || lower(u.trigram) || ' ' || lower(u.email) like ${p.contains}
      order by case when lower(u.trigram) like ${p.prefix} then 0 else ${rank([name], p)} end, u.is_active desc,
        ${fold(sql.ref('u.last_name'))}, u.id
      limit ${SEARCH_PER_KIND}`;
  },
};

export function createSearchRepository(db: Db) {
  return {
    // The kinds the actor may read, searched side by side.
    async search(actor: Actor, text: string): Promise<SearchHit[]> {
      const patterns = patternsOf(text);
      const kinds = searchKinds.filter((kind) => {
        const { resource, action } = searchKindPermissions[kind];
        return can(actor.role, resource, action);
      });
      const found = await Promise.all(kinds.map((kind) => queries[kind](patterns).execute(db)));
      return kinds.flatMap((kind, index) =>
        found[index].rows.map((row) => ({
          kind,
          id: row.id,
          label: row.label,
          detail: row.detail,
          active: row.active,
        })),
      );
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
