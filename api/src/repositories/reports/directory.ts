import type {
  DirectoryCompany,
  DirectoryContact,
  DirectoryCsvRow,
  DirectoryGroup,
  ListPage,
  PersonTitle,
} from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { searchPattern } from '../companies';
import { eachBatch, EXPORT_BATCH } from '../cursor';
import { fold } from '../mapping';
import { contactNameMatch } from './sql';

// The directory report: the groups of companies, each from its head down, with their active contacts.

type DirectoryRow = {
  group_id: number;
  group_name: string;
  id: number;
  name: string;
  city: string | null;
  parent_id: number | null;
  parent_name: string | null;
  depth: number;
  contact_id: number | null;
  title: PersonTitle | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  phone: string | null;
  email: string | null;
};

// The common table expressions of the directory: `roots`, the heads of the groups shown; with a search, also
// `matched` (the companies found by name, SIRET or city, or by an active contact's name) and `up` (those and
// every company above them, so that each shows in its tree). Both indexes (company and contact search keys) serve.
function directoryScope(pattern: RawBuilder<string> | null): RawBuilder<unknown> {
  if (pattern === null) return sql`roots(id) as (select c.id from company c where c.parent_id is null and c.is_active)`;
  return sql`
    matched(id, by_company) as (
      select id, bool_or(by_company) from (
        select c.id, true as by_company from company c where c.is_active and c.search_key like ${pattern}
        union all
        select k.company_id, false from contact k where k.is_active and k.company_id is not null and ${contactNameMatch(pattern)}
      ) found group by id
    ),
    up(id) as (select id from matched union select c.parent_id from company c join up on c.id = up.id where c.parent_id is not null),
    roots(id) as (select c.id from company c join up on up.id = c.id where c.parent_id is null and c.is_active)`;
}

// The directory's lines for the groups of a page (all of them without paging): each company of a group from its
// head down (subsidiaries after their parent, by name), with its active contacts as the search keeps them.
function directoryLines(search: string | undefined, paging: { limit: number; offset: number } | null) {
  const pattern = search === undefined ? null : fold(sql`${searchPattern(search)}`);
  const page = paging === null ? sql`` : sql`limit ${paging.limit} offset ${paging.offset}`;
  return sql<DirectoryRow>`
    with recursive ${directoryScope(pattern)},
    page(id) as (select r.id from roots r join company c on c.id = r.id order by c.name_key collate "C", c.id ${page}),
    tree(id, group_id, parent_id, depth, path) as (
      select c.id, c.id, null::integer, 0, array[c.name_key || ' ' || c.id::text] from company c where c.id in (select id from page)
      union all
      select c.id, t.group_id, c.parent_id, t.depth + 1, t.path || (c.name_key || ' ' || c.id::text)
      from company c join tree t on c.parent_id = t.id
      where c.is_active ${pattern === null ? sql`` : sql`and c.id in (select id from up)`}
    )
    select g.id as group_id, g.name as group_name, c.id, c.name, c.city, t.parent_id, p.name as parent_name, t.depth,
      k.id as contact_id, k.title, k.first_name, k.last_name, k.job_title, k.phone, k.email
    from tree t
    join company g on g.id = t.group_id
    join company c on c.id = t.id
    left join company p on p.id = t.parent_id
    ${pattern === null ? sql`` : sql`left join matched m on m.id = t.id`}
    left join contact k on k.company_id = c.id and k.is_active
      ${pattern === null ? sql`` : sql`and m.id is not null and (m.by_company or ${contactNameMatch(pattern)})`}
    order by g.name_key collate "C", g.id, t.path collate "C", k.last_name, k.first_name, k.id`;
}

export function createDirectoryReport(db: Db) {
  return {
    // One page of groups, by the head's name; each with the companies and the contacts the search keeps.
    async directory(search: string | undefined, page: number, perPage: number): Promise<ListPage<DirectoryGroup>> {
      const pattern = search === undefined ? null : fold(sql`${searchPattern(search)}`);
      const { rows: counted } = await sql<{
        total: string;
      }>`with recursive ${directoryScope(pattern)} select count(*) as total from roots`.execute(db);
      const total = Number(counted[0].total);
      if (total === 0) return { items: [], total };
      const { rows } = await directoryLines(search, { limit: perPage, offset: (page - 1) * perPage }).execute(db);
      const groups: DirectoryGroup[] = [];
      const companies = new Map<number, DirectoryCompany>();
      for (const row of rows) {
        let group = groups.at(-1);
        if (group?.id !== row.group_id) {
          group = { id: row.group_id, name: row.group_name, companies: [] };
          groups.push(group);
        }
        let company = companies.get(row.id);
        if (company === undefined) {
          company = {
            id: row.id,
            name: row.name,
            city: row.city,
            parentId: row.parent_id,
            depth: row.depth,
            contacts: [],
          };
          companies.set(row.id, company);
          group.companies.push(company);
        }
        if (row.contact_id !== null) company.contacts.push(toDirectoryContact(row));
      }
      return { items: groups, total };
    },

    async eachDirectoryBatch(search: string | undefined, onBatch: (rows: DirectoryCsvRow[]) => Promise<void>) {
      const query = directoryLines(search, null);
      await eachBatch(db, { compile: () => query.compile(db) }, EXPORT_BATCH, (rows) =>
        onBatch(
          rows.map((row) => ({
            group: row.group_name,
            company: row.name,
            parent: row.parent_name,
            city: row.city,
            contact: row.contact_id === null ? null : toDirectoryContact(row),
          })),
        ),
      );
    },
  };
}

function toDirectoryContact(row: DirectoryRow): DirectoryContact {
  return {
    id: row.contact_id ?? 0,
    title: row.title ?? 'mister',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    jobTitle: row.job_title,
    phone: row.phone,
    email: row.email,
  };
}
