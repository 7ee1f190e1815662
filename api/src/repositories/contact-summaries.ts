import { foldAccents, type ContactSummary } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import { prepared } from '../db/prepared';
import type { Actor } from '../domain/actor';
import { standbyVersion, type VersionedJson } from '../freshness/data-version';
import { escapeLike, fold, foldedContains, SORTABLE_FROM, SORTABLE_TO, toPersonTitle } from './mapping';

// Contacts as summaries (the contract's ContactSummary: name, company, owner, standby): the one mapping every query
// of contacts builds on, and the light reads of the pages that add todos (the standby lists, the autocomplete). The
// contacts as records (list, read, write, merge) are in contacts.ts.

// The columns a contact summary is made of, whatever query they come from.
export type ContactSummaryRow = {
  id: number;
  title: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  owner_id: number;
  is_active: boolean;
  company_id: number | null;
  company_name: string | null;
};

// The one place a contact row becomes the contract's ContactSummary.
export function toContactSummary(row: ContactSummaryRow): ContactSummary {
  return {
    id: row.id,
    title: toPersonTitle(row.title),
    firstName: row.first_name,
    lastName: row.last_name,
    jobTitle: row.job_title,
    company:
      row.company_id === null || row.company_name === null ? null : { id: row.company_id, name: row.company_name },
    ownerId: row.owner_id,
    isActive: row.is_active,
  };
}

// The columns of a ContactSummary (toContactSummary), for any query on contacts `c` to build on.
export function summaries(db: Executor) {
  return db
    .selectFrom('contact as c')
    .leftJoin('company as co', 'co.id', 'c.company_id')
    .select([
      'c.id',
      'c.title',
      'c.first_name',
      'c.last_name',
      'c.job_title',
      'c.owner_id',
      'c.is_active',
      'co.id as company_id',
      'co.name as company_name',
    ]);
}

// Sorted by last name, then first name, accents and case ignored, identically on both engines. Literals, not
// parameters: the standby index is built on these very expressions and the planner only matches it to them.
const lastNameKey = sql`translate(lower(c.last_name), ${sql.lit(SORTABLE_FROM)}, ${sql.lit(SORTABLE_TO)}) collate "C"`;
const firstNameKey = sql`translate(lower(c.first_name), ${sql.lit(SORTABLE_FROM)}, ${sql.lit(SORTABLE_TO)}) collate "C"`;

// `cross join lateral (...) as <alias>`: the contract's ContactSummary of the contact aliased `contact`, for
// row_to_json(<alias>) to write it as JSON text in the database. Same keys, order and values as
// toContactSummary, and row_to_json writes them exactly as JSON.stringify does (pinned by the tests). The
// company is a subquery so that a scan in name order keeps its order. Whole rows are written `alias.*`: a bare
// alias would resolve to a column of that name in an outer query first.
export function contactSummaryJsonLateral(contact: string, alias: string) {
  const c = (column: string) => sql.ref(`${contact}.${column}`);
  return sql`cross join lateral (
    select ${c('id')} as id, ${c('title')} as title, ${c('first_name')} as "firstName", ${c('last_name')} as "lastName",
      ${c('job_title')} as "jobTitle",
      (select row_to_json(company.*) from (select co.id, co.name from company as co where co.id = ${c('company_id')}) as company) as company,
      ${c('owner_id')} as "ownerId", ${c('is_active')} as "isActive"
  ) as ${sql.id(alias)}`;
}

export function createContactSummaryRepository(db: Db) {
  return {
    findById(id: number) {
      return db.selectFrom('contact').selectAll().where('id', '=', id).executeTakeFirst();
    },

    // Every contact en veille (is_active = false, not merged away), sorted by name; the caller splits it into the
    // three lists.
    async standby(): Promise<ContactSummaryRow[]> {
      return summaries(db)
        .where('c.is_active', '=', false)
        .where('c.merged_into_id', 'is', null)
        .orderBy(lastNameKey)
        .orderBy(firstNameKey)
        .orderBy('c.id')
        .execute();
    },

    // The three standby lists as the JSON text of the contract's StandbyLists, built in one query: every contact
    // en veille by name (allContacts), those I own (myContacts) and those of my team (teamContacts: users with
    // my leader, my leader, the users I lead; never me). With the data version it was read at.
    async standbyJson(actor: Actor): Promise<VersionedJson> {
      const { rows } = await prepared(
        'standby_lists',
        sql<VersionedJson>`
        with standby as (
          select c.owner_id, row_to_json(summary.*)::text as json,
            row_number() over (order by ${lastNameKey}, ${firstNameKey}, c.id) as position
          from contact as c
          ${contactSummaryJsonLateral('c', 'summary')}
          where not c.is_active and c.merged_into_id is null
        ), team as (
          select id from app_user
          where id <> ${actor.id} and (leader_id = ${actor.id} or leader_id = ${actor.leaderId} or id = ${actor.leaderId})
        )
        select '{"myContacts":['
          || coalesce(string_agg(json, ',' order by position) filter (where owner_id = ${actor.id}), '')
          || '],"teamContacts":['
          || coalesce(string_agg(json, ',' order by position) filter (where owner_id in (select id from team)), '')
          || '],"allContacts":['
          || coalesce(string_agg(json, ',' order by position), '')
          || ']}' as json,
          ${standbyVersion()} as version
        from standby`,
      ).execute(db);
      return rows[0];
    },

    // Autocomplete: first name, last name, full name or company name containing the text, case and accents
    // ignored ('helene' finds Hélène); names starting with it come first.
    async search(text: string, limit: number): Promise<ContactSummary[]> {
      const contains = foldedContains(text);
      const prefix = `${escapeLike(foldAccents(text.trim()))}%`;
      const rows = await summaries(db)
        .where('c.merged_into_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb(fold(sql`c.first_name || ' ' || c.last_name`), 'like', contains),
            eb(fold(sql`c.last_name || ' ' || c.first_name`), 'like', contains),
            eb(fold(sql`co.name`), 'like', contains),
          ]),
        )
        .orderBy(
          sql`case when ${fold(sql`c.last_name`)} like ${prefix} or ${fold(sql`c.first_name`)} like ${prefix} or ${fold(sql`co.name`)} like ${prefix} then 0 else 1 end`,
        )
        .orderBy(lastNameKey)
        .orderBy(firstNameKey)
        .orderBy('c.id')
        .limit(limit)
        .execute();
      return rows.map(toContactSummary);
    },
  };
}
export type ContactSummaryRepository = ReturnType<typeof createContactSummaryRepository>;
