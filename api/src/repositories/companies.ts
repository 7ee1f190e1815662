import {
  can,
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
import { AppError } from '../errors';
import type { Actor } from '../domain/actor';
import { conditions, sortExpressions, type CompanyFilters } from './company-filters';
import {
  companies,
  listColumns,
  rowColumns,
  toColumns,
  toCompany,
  toCompanyListItem,
  tracked,
  type CompanyRow,
} from './company-rows';
import { summaries, toContactSummary } from './contact-summaries';
import { taskStyleOf } from './task-types';
import { eachBatch, EXPORT_BATCH } from './cursor';
import { lockedForEdit } from './edit-lock';
import { diff, type HistoryRepository } from './history';
import { createListTotals } from '../freshness/list-totals';
import { amongIds, fold, onUniqueViolation, orderedBy, rowsInOrder } from './mapping';

export { searchPattern, type CompanyFilters } from './company-filters';
export { toCompany, toCompanyListItem } from './company-rows';

// Two writers racing past the checks meet the unique indexes: the loser gets the same answer as a late one.
const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  company_registration_id_key: { code: 'existingRegistrationID', field: 'registrationId' },
  company_folded_name_key: { code: 'existingName', field: 'name' },
};

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
          const before = await lockedForEdit(
            trx,
            history,
            { entity: 'company', id, version: changes.version },
            findRow,
          );
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
