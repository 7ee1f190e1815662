import {
  can,
  foldAccents,
  type Company,
  type CompanyChanges,
  type CompanyOpenTodo,
  type ErrorCode,
  type CompanyListItem,
  type CompanySortKey,
  type ListPage,
  type SortedListQuery,
} from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Db, Executor } from '../db/database';
import { prepared } from '../db/prepared';
import { AppError, editConflict } from '../errors';
import type { Actor } from '../domain/actor';
import { summaries, toContactSummary } from './contact-summaries';
import { taskStyleOf } from './task-types';
import { eachBatch, EXPORT_BATCH } from './cursor';
import { diff, type HistoryRepository } from './history';
import { createListTotals } from '../freshness/list-totals';
import { amongIds, escapeLike, fold, onUniqueViolation, orderedBy, rowsInOrder } from './mapping';

export type CompanyFilters = {
  isActive?: boolean;
  kind?: 'head' | 'subsidiary';
  sector?: string;
  ownerId?: number;
};

// What the user typed, as a "contains" pattern on the folded search key. A SIRET is often typed in groups
// (732 829 320): digits and spaces only are searched without the spaces.
export function searchPattern(search: string): string {
  const text = /^[\d\s]+$/.test(search) ? search.replace(/\s+/g, '') : search.trim();
  return `%${escapeLike(foldAccents(text))}%`;
}

// Two writers racing past the checks meet the unique indexes: the loser gets the same answer as a late one.
const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  company_registration_id_key: { code: 'existingRegistrationID', field: 'registrationId' },
  company_folded_name_key: { code: 'existingName', field: 'name' },
};

type CompanyRow = {
  id: number;
  name: string;
  registration_id: string;
  parent_id: number | null;
  parent_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  sector: string | null;
  owner_id: number;
  owner_trigram: string;
  is_active: boolean;
  created_at: Date;
  version: number;
};

type CompanyListRow = {
  id: number;
  name: string;
  registration_id: string;
  parent_id: number | null;
  parent_name: string | null;
  subsidiary_count: number | string;
  active_contact_count: number | string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  sector: string | null;
  owner_id: number;
  owner_trigram: string;
  is_active: boolean;
};

const parentOf = (row: { parent_id: number | null; parent_name: string | null }) =>
  row.parent_id === null || row.parent_name === null ? null : { id: row.parent_id, name: row.parent_name };

// What the list item and the panel's company both show.
const sharedFields = (row: Omit<CompanyListRow, 'subsidiary_count' | 'active_contact_count'>) => ({
  id: row.id,
  name: row.name,
  registrationId: row.registration_id,
  parent: parentOf(row),
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
  phone: row.phone,
  website: row.website,
  sector: row.sector,
  owner: { id: row.owner_id, trigram: row.owner_trigram },
  isActive: row.is_active,
});

// The one place company rows become the contract's shapes.
export function toCompany(row: CompanyRow): Company {
  return {
    ...sharedFields(row),
    parentId: row.parent_id,
    ownerId: row.owner_id,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

export function toCompanyListItem(row: CompanyListRow): CompanyListItem {
  return {
    ...sharedFields(row),
    subsidiaryCount: Number(row.subsidiary_count),
    activeContactCount: Number(row.active_contact_count),
  };
}

// The fields a history entry compares, in the contract's names.
const tracked = (row: CompanyRow) => ({
  name: row.name,
  registrationId: row.registration_id,
  parentId: row.parent_id,
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
  phone: row.phone,
  website: row.website,
  sector: row.sector,
  ownerId: row.owner_id,
  isActive: row.is_active,
});

const toColumns = (changes: CompanyChanges) => ({
  name: changes.name,
  registration_id: changes.registrationId,
  parent_id: changes.parentId,
  address: changes.address,
  postal_code: changes.postalCode,
  city: changes.city,
  phone: changes.phone,
  website: changes.website,
  sector: changes.sector,
  owner_id: changes.ownerId,
  is_active: changes.isActive,
});

function companies(db: Executor) {
  return db
    .selectFrom('company as c')
    .leftJoin('company as p', 'p.id', 'c.parent_id')
    .innerJoin('app_user as u', 'u.id', 'c.owner_id');
}

// The list's search and filters, on the company alone (`c`): the count and the page's ids need no join.
function conditions(search: string | undefined, filters: CompanyFilters) {
  const all: ReturnType<typeof sql<SqlBool>>[] = [];
  if (search !== undefined && search !== '')
    all.push(sql<SqlBool>`c.search_key like ${fold(sql`${searchPattern(search)}`)}`);
  if (filters.isActive !== undefined) all.push(sql<SqlBool>`c.is_active = ${filters.isActive}`);
  if (filters.kind === 'head') all.push(sql<SqlBool>`c.parent_id is null`);
  if (filters.kind === 'subsidiary') all.push(sql<SqlBool>`c.parent_id is not null`);
  if (filters.sector !== undefined) all.push(sql<SqlBool>`c.sector = ${filters.sector}`);
  if (filters.ownerId !== undefined) all.push(sql<SqlBool>`c.owner_id = ${filters.ownerId}`);
  return all.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(all, sql` and `)}`;
}

// Each column's order: a stored key with an index (migration 0013: folded text, "C" order, the same on both
// engines; counts kept by triggers), read in either direction; the parent's name and the owner's trigram are
// looked up per row.
const sortExpressions: Record<CompanySortKey, ReturnType<typeof sql>> = {
  name: sql.ref('c.name_key'),
  registrationId: sql.ref('c.registration_id'),
  parent: sql`(select p.name_key from company p where p.id = c.parent_id)`,
  subsidiaryCount: sql.ref('c.subsidiary_count'),
  activeContactCount: sql.ref('c.active_contact_count'),
  postalCode: sql.ref('c.postal_code'),
  city: sql.ref('c.city_key'),
  sector: sql.ref('c.sector_key'),
  owner: sql`(select u.trigram from app_user u where u.id = c.owner_id)`,
  isActive: sql.ref('c.is_active'),
};

const listColumns = [
  'c.id',
  'c.name',
  'c.registration_id',
  'c.parent_id',
  'p.name as parent_name',
  'c.address',
  'c.postal_code',
  'c.city',
  'c.phone',
  'c.website',
  'c.sector',
  'c.owner_id',
  'u.trigram as owner_trigram',
  'c.is_active',
  'c.subsidiary_count',
  'c.active_contact_count',
] as const;

const rowColumns = [...listColumns, 'c.created_at', 'c.version'] as const;

export function createCompanyRepository(db: Db, history: HistoryRepository) {
  const totals = createListTotals();

  // The list's rows in its order, before paging.
  // The columns of a list item.
  const withCounts = (query: ReturnType<typeof companies>) => query.select(listColumns);

  function sorted(query: Omit<SortedListQuery<CompanySortKey>, 'page' | 'perPage'>, filters: CompanyFilters) {
    return orderedBy(
      withCounts(companies(db)).where(conditions(query.search, filters)),
      [sortExpressions[query.sort]],
      query.order,
    );
  }

  async function findRow(executor: Executor, id: number): Promise<CompanyRow | undefined> {
    return companies(executor).select(rowColumns).where('c.id', '=', id).executeTakeFirst();
  }

  // The rules every stored company obeys (docs/data-rules.md), checked in the writing transaction.
  async function checkRules(trx: Executor, changes: CompanyChanges, current: CompanyRow | undefined): Promise<void> {
    const id = current?.id ?? null;
    const refuseOthers = (rows: { id: number }[], code: ErrorCode, field: string) => {
      if (rows.some((row) => row.id !== id)) throw new AppError(code, { field });
    };
    refuseOthers(
      await trx.selectFrom('company').select('id').where('registration_id', '=', changes.registrationId).execute(),
      'existingRegistrationID',
      'registrationId',
    );
    refuseOthers(
      await trx
        .selectFrom('company as c')
        .select('c.id')
        .where(sql<SqlBool>`${fold(sql.ref('c.name'))} = ${fold(sql`${changes.name}`)}`)
        .execute(),
      'existingName',
      'name',
    );
    const owner = await trx
      .selectFrom('app_user')
      .select(['id', 'is_active'])
      .where('id', '=', changes.ownerId)
      .executeTakeFirst();
    if (owner === undefined || !owner.is_active) throw new AppError('dataInvalid', { field: 'ownerId' });
    if (changes.parentId !== null) {
      const parent = await trx
        .selectFrom('company')
        .select(['id', 'is_active'])
        .where('id', '=', changes.parentId)
        .executeTakeFirst();
      if (parent === undefined) throw new AppError('modelNotFound', { field: 'parentId' });
      // Never itself, never one of its own subsidiaries (however deep): a group is a tree.
      if (id !== null) {
        const descendants = await sql<{ id: number }>`
          with recursive tree(id) as (select ${id}::integer union select c.id from company c join tree t on c.parent_id = t.id)
          select id from tree`.execute(trx);
        if (descendants.rows.some((row) => row.id === changes.parentId))
          throw new AppError('dataInvalid', { field: 'parentId' });
      }
      // An active company is never placed under an inactive parent.
      const movesOrWakes =
        current === undefined || current.parent_id !== changes.parentId || (!current.is_active && changes.isActive);
      if (!parent.is_active && changes.isActive && movesOrWakes)
        throw new AppError('inactiveParentCompany', { field: 'parentId' });
    }
    if (current !== undefined && current.is_active && !changes.isActive) {
      const contacts = await trx
        .selectFrom('contact')
        .select('id')
        .where('company_id', '=', current.id)
        .where('is_active', '=', true)
        .limit(1)
        .execute();
      if (contacts.length > 0) throw new AppError('cantDeactivateCompanyWithContacts', { field: 'isActive' });
      const subsidiaries = await trx
        .selectFrom('company')
        .select('id')
        .where('parent_id', '=', current.id)
        .where('is_active', '=', true)
        .limit(1)
        .execute();
      if (subsidiaries.length > 0) throw new AppError('cantDeactivateCmpanyWithSubsidarie', { field: 'isActive' });
    }
  }

  return {
    async list(query: SortedListQuery<CompanySortKey>, filters: CompanyFilters): Promise<ListPage<CompanyListItem>> {
      // The page's ids first, sorted on the keys alone: the counts and columns are then built for 20 rows, not
      // for every row an offset skips. The total beside it, counted again only when the companies changed.
      const where = conditions(query.search, filters);
      const [ids, total] = await Promise.all([
        orderedBy(db.selectFrom('company as c').select('c.id').where(where), [sortExpressions[query.sort]], query.order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage)
          .execute(),
        totals.total(
          db,
          ['companies', filters, query.search ?? ''],
          ['company'],
          sql`select count(*) from company c where ${where}`,
        ),
      ]);
      const pageIds = ids.map((row) => row.id);
      const rows = await rowsInOrder(pageIds, () =>
        prepared('company_page_rows', withCounts(companies(db)).where(amongIds('c.id', pageIds))).execute(),
      );
      return { items: rows.map(toCompanyListItem), total };
    },

    // Every company of the list, in its order, a batch at a time (exports).
    async eachBatch(
      query: Omit<SortedListQuery<CompanySortKey>, 'page' | 'perPage'>,
      filters: CompanyFilters,
      onBatch: (items: CompanyListItem[]) => Promise<void>,
    ) {
      await eachBatch(db, sorted(query, filters), EXPORT_BATCH, (rows) => onBatch(rows.map(toCompanyListItem)));
    },

    async find(id: number): Promise<Company | undefined> {
      const row = await findRow(db, id);
      return row === undefined ? undefined : toCompany(row);
    },

    async subsidiaries(id: number): Promise<CompanyListItem[]> {
      const rows = await withCounts(companies(db))
        .where('c.parent_id', '=', id)
        .orderBy(sortExpressions.name)
        .execute();
      return rows.map(toCompanyListItem);
    },

    // A company's contacts, those merged into another left out (gone from every list).
    async contacts(id: number) {
      const rows = await summaries(db)
        .where('c.company_id', '=', id)
        .where('c.merged_into_id', 'is', null)
        .orderBy(sql`${fold(sql.ref('c.last_name'))} collate "C"`)
        .orderBy(sql`${fold(sql.ref('c.first_name'))} collate "C"`)
        .execute();
      return rows.map(toContactSummary);
    },

    async openTodos(id: number): Promise<CompanyOpenTodo[]> {
      const rows = await db
        .selectFrom('todo as t')
        .innerJoin('contact as k', 'k.id', 't.contact_id')
        .innerJoin('task as tk', 'tk.id', 't.task_id')
        .innerJoin('app_user as u', 'u.id', 't.owner_id')
        .select([
          't.id',
          't.deadline',
          'tk.description',
          'tk.background_color',
          'tk.border_color',
          'tk.color',
          'k.id as contact_id',
          'k.first_name',
          'k.last_name',
          'u.id as owner_id',
          'u.trigram',
        ])
        .where('k.company_id', '=', id)
        .where('t.is_active', '=', true)
        .where('t.is_accomplished', '=', false)
        .orderBy('t.deadline')
        .orderBy('t.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        deadline: row.deadline,
        task: { description: row.description, style: taskStyleOf(row) },
        contact: { id: row.contact_id, firstName: row.first_name, lastName: row.last_name },
        owner: { id: row.owner_id, trigram: row.trigram },
      }));
    },

    async create(changes: CompanyChanges, actorId: number): Promise<number> {
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await checkRules(trx, changes, undefined);
          const { id } = await trx
            .insertInto('company')
            .values(toColumns(changes))
            .returning('id')
            .executeTakeFirstOrThrow();
          const created = await findRow(trx, id);
          if (created === undefined) throw new AppError('modelNotFound');
          await history.record(trx, {
            entity: 'company',
            entityId: id,
            action: 'create',
            changes: diff({}, tracked(created)),
            userId: actorId,
          });
          return id;
        }),
      );
    },

    // A change from the version the user read; the owner is a leader's or an admin's to change, whatever the call.
    async update(id: number, changes: CompanyChanges & { version: number }, actor: Actor): Promise<void> {
      const actorId = actor.id;
      await onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          // The row lock orders concurrent changes to one company: the rules are checked against what is there.
          const locked = await trx
            .selectFrom('company')
            .select('id')
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          const before = locked === undefined ? undefined : await findRow(trx, id);
          if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
          if (before.version !== changes.version)
            throw editConflict(await history.conflict(trx, 'company', id, before.version));
          if (changes.ownerId !== before.owner_id && !can(actor.role, 'company', 'reassign'))
            throw new AppError('forbidden', { field: 'ownerId' });
          await checkRules(trx, changes, before);
          await trx.updateTable('company').set(toColumns(changes)).where('id', '=', id).execute();
          const after = await findRow(trx, id);
          if (after === undefined) throw new AppError('modelNotFound');
          const changed = diff(tracked(before), tracked(after));
          if (Object.keys(changed).length > 0) {
            const action =
              before.is_active && !after.is_active
                ? 'deactivate'
                : !before.is_active && after.is_active
                  ? 'activate'
                  : 'update';
            await history.record(trx, { entity: 'company', entityId: id, action, changes: changed, userId: actorId });
          }
        }),
      );
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
