import {
  mayChangeNeedsSheetStatus,
  needsSheetReference,
  toBusinessIsoDate,
  type ErrorCode,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetChanges,
  type NeedsSheetListItem,
  type NeedsSheetSortKey,
  type SortedListQuery,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import { ensureReferenceSequence, nextReferenceNumber, referenceYear } from '../db/needs-sheet-references';
import { prepared } from '../db/prepared';
import type { Actor } from '../domain/actor';
import { AppError } from '../errors';
import { eachBatch, EXPORT_BATCH } from './cursor';
import { lockedForEdit } from './edit-lock';
import { diff, type Changes, type HistoryRepository } from './history';
import { createListTotals } from '../freshness/list-totals';
import { amongIds, onUniqueViolation, rowsInOrder } from './mapping';
import { checkRules } from './needs-sheets-checks';
import { changesOf, columns } from './needs-sheets-columns';
import {
  conditions,
  countedTables,
  orderBy,
  sheetsFrom,
  totalKey,
  type NeedsSheetFilters,
} from './needs-sheets-filters';
import {
  joins,
  listColumns,
  recruitersOf,
  selectColumns,
  toListItem,
  toSheet,
  tracked,
  type ListRow,
  type SheetRow,
} from './needs-sheets-rows';
import { createNeedsSheetSearch } from './needs-sheets-search';

export type { NeedsSheetFilters } from './needs-sheets-filters';
export { oneWord } from './needs-sheets-search';

// Two writers racing past the checks meet the unique indexes.
const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  needs_sheet_status_label_key: { code: 'existingName', field: 'label' },
  needs_sheet_model_title_key: { code: 'existingTitle', field: 'title' },
};
export const needsSheetUniqueCodes = uniqueCodes;

// The last guard of the numbering: a reference already used (written past the year's sequence) is refused, never
// given twice.
const referenceCodes: Record<string, { code: ErrorCode; field: string }> = {
  needs_sheet_reference_key: { code: 'existingValue', field: 'reference' },
};

// The creation's reference step: the next number of the year of `today` (a business date), inside the creation's
// transaction. Its year's sequence must be there (ensureReferenceSequence, before the transaction).
export async function nextNeedsSheetReference(trx: Executor, today: string): Promise<string> {
  const year = referenceYear(today);
  return needsSheetReference(year, await nextReferenceNumber(trx, year));
}

// `clock`: the instant a creation is dated by and a list's lateness is read at (a test moves it across a year).
export function createNeedsSheetRepository(
  db: Db,
  history: HistoryRepository,
  clock: { now: () => Date } = { now: () => new Date() },
) {
  const totals = createListTotals();
  const businessToday = () => toBusinessIsoDate(clock.now());
  const search = createNeedsSheetSearch(db, totals, businessToday);

  async function findRow(executor: Executor, id: number): Promise<SheetRow | undefined> {
    const { rows } = await sql<SheetRow>`select ${selectColumns} from ${joins} where s.id = ${id}`.execute(executor);
    return rows[0];
  }

  // The status a sheet entered, beside the history line that tells it (the statistics and the history report read
  // statuses by id, the history by name).
  async function enterStatus(trx: Executor, id: number, statusId: number, actorId: number, historyId: string) {
    await trx
      .insertInto('needs_sheet_status_change')
      .values({ needs_sheet_id: id, status_id: statusId, user_id: actorId, history_id: historyId })
      .execute();
  }

  async function setRecruiters(trx: Executor, id: number, recruiterIds: number[]) {
    await trx.deleteFrom('needs_sheet_recruiter').where('needs_sheet_id', '=', id).execute();
    if (recruiterIds.length > 0) {
      await trx
        .insertInto('needs_sheet_recruiter')
        .values(recruiterIds.map((userId) => ({ needs_sheet_id: id, user_id: userId })))
        .execute();
    }
  }

  // The years whose sequence this instance knows is there: their creations go straight to their transaction.
  const numberedYears = new Set<number>();

  // Before a creation's transaction, in a statement of its own: the year's sequence exists (needs-sheet-references.ts).
  async function prepareNumbering(today: string): Promise<void> {
    const year = referenceYear(today);
    if (numberedYears.has(year)) return;
    await ensureReferenceSequence(db, year);
    numberedYears.add(year);
  }

  // A sheet created on `today` (its business date), its numbering prepared before the transaction. Its number is
  // taken once its checks passed: from then on the transaction holds only its own rows.
  async function insert(
    trx: Executor,
    today: string,
    changes: NeedsSheetChanges,
    actorId: number,
    extra: Changes = {},
  ): Promise<number> {
    await checkRules(trx, changes, undefined);
    const values = await columns(trx, changes, undefined, today);
    const reference = await nextNeedsSheetReference(trx, today);
    const { id } = await trx
      .insertInto('needs_sheet')
      .values({ ...values, reference })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setRecruiters(trx, id, changes.recruiterIds);
    const created = await findRow(trx, id);
    if (created === undefined) throw new AppError('modelNotFound');
    const historyId = await history.record(trx, {
      entity: 'needsSheet',
      entityId: id,
      action: 'create',
      changes: { ...diff({}, tracked(created)), ...extra },
      userId: actorId,
    });
    await enterStatus(trx, id, created.status_id, actorId, historyId);
    return id;
  }

  return {
    async list(
      actor: Actor,
      query: SortedListQuery<NeedsSheetSortKey>,
      filters: NeedsSheetFilters,
    ): Promise<ListPage<NeedsSheetListItem>> {
      const today = businessToday();
      const where = conditions(actor, query.search, filters, today);
      // The total beside the page, counted again only when the sheets it counts changed.
      const [page, total] = await Promise.all([
        sql<{
          id: number;
        }>`select s.id from ${sheetsFrom(query.search, query.sort)} where ${conditions(actor, query.search, filters, today, true)}
          ${orderBy(query.sort, query.order)} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(
          db,
        ),
        totals.total(
          db,
          totalKey('needs', actor, query.search, filters, today),
          countedTables(query.search, filters),
          sql`select count(*) from ${sheetsFrom(query.search)} where ${where}`,
        ),
      ]);
      const ids = page.rows.map((row) => row.id);
      const rows = await rowsInOrder(
        ids,
        async () =>
          (
            await prepared(
              'needs_page_rows',
              sql<ListRow>`select ${listColumns} from ${joins} where ${amongIds('s.id', ids)}`,
            ).execute(db)
          ).rows,
      );
      return { items: rows.map((row) => toListItem(row, today)), total };
    },

    // Every sheet of the list, in its order, a batch at a time (exports).
    async eachBatch(
      actor: Actor,
      query: Omit<SortedListQuery<NeedsSheetSortKey>, 'page' | 'perPage'>,
      filters: NeedsSheetFilters,
      onBatch: (items: NeedsSheetListItem[]) => Promise<void>,
    ) {
      const today = businessToday();
      const where = conditions(actor, query.search, filters, today);
      const rows = db
        .selectFrom(
          sql<ListRow>`(select ${listColumns} from ${joins} where ${where} ${orderBy(query.sort, query.order)})`.as(
            'x',
          ),
        )
        .selectAll();
      await eachBatch(db, rows, EXPORT_BATCH, (batch) =>
        onBatch(batch.map((row) => toListItem(row as ListRow, today))),
      );
    },

    // Full text (needs-sheets-search.ts).
    search,

    async find(id: number): Promise<NeedsSheet | undefined> {
      const row = await findRow(db, id);
      return row === undefined ? undefined : toSheet(row, businessToday());
    },

    async create(changes: NeedsSheetChanges, actorId: number): Promise<number> {
      const today = businessToday();
      await prepareNumbering(today);
      return onUniqueViolation(referenceCodes, () =>
        db.transaction().execute((trx) => insert(trx, today, changes, actorId)),
      );
    },

    // A new sheet from an existing one: new reference, received today, the first status, nothing filled yet.
    async duplicate(id: number, actorId: number): Promise<number> {
      const today = businessToday();
      await prepareNumbering(today);
      return onUniqueViolation(referenceCodes, () =>
        db.transaction().execute(async (trx) => {
          const source = await findRow(trx, id);
          if (source === undefined) throw new AppError('modelNotFound', { field: 'id' });
          const changes: NeedsSheetChanges = {
            ...changesOf(source),
            receivedDate: null,
            deadline: null,
            statusId: null,
            positionsFilled: 0,
            isActive: true,
          };
          return insert(trx, today, changes, actorId, { duplicatedFrom: { from: undefined, to: source.reference } });
        }),
      );
    },

    // A change from the version the user read.
    async update(id: number, changes: NeedsSheetChanges & { version: number }, actorId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await lockedForEdit(
          trx,
          history,
          { entity: 'needsSheet', id, version: changes.version },
          findRow,
        );
        await checkRules(trx, changes, before);
        const values = await columns(trx, changes, before, businessToday());
        await trx.updateTable('needs_sheet').set(values).where('id', '=', id).execute();
        await setRecruiters(trx, id, changes.recruiterIds);
        const after = await findRow(trx, id);
        if (after === undefined) throw new AppError('modelNotFound');
        const { status, ...changed } = diff(tracked(before), tracked(after));
        if (Object.keys(changed).length > 0)
          await history.record(trx, {
            entity: 'needsSheet',
            entityId: id,
            action: 'update',
            changes: changed,
            userId: actorId,
          });
        // A status change is its own line of the story.
        if (status !== undefined) {
          const historyId = await history.record(trx, {
            entity: 'needsSheet',
            entityId: id,
            action: 'status',
            changes: { status },
            userId: actorId,
          });
          await enterStatus(trx, id, after.status_id, actorId, historyId);
        }
      });
    },

    // A recruiter (recruitment team alone) changes the status of the sheets they are assigned to only: checked
    // under the sheet's lock, so that an assignment removed at the same moment is seen.
    // From the version the user read, as an edit.
    async changeStatus(
      id: number,
      change: { statusId: number; comment: string | null; version: number },
      actor: Actor,
    ): Promise<void> {
      const { statusId, comment } = change;
      await db.transaction().execute(async (trx) => {
        const before = await lockedForEdit(
          trx,
          history,
          { entity: 'needsSheet', id, version: change.version },
          findRow,
        );
        if (!mayChangeNeedsSheetStatus(actor, { recruiterIds: recruitersOf(before).map((recruiter) => recruiter.id) }))
          throw new AppError('forbidden');
        const status = await trx
          .selectFrom('needs_sheet_status')
          .select(['id', 'label', 'is_active'])
          .where('id', '=', statusId)
          .executeTakeFirst();
        if (status === undefined || !status.is_active) throw new AppError('dataInvalid', { field: 'statusId' });
        await trx.updateTable('needs_sheet').set({ status_id: statusId }).where('id', '=', id).execute();
        const changes: Changes = {};
        if (before.status_id !== statusId) changes.status = { from: before.status_label, to: status.label };
        // A comment is new text, not a change of value: no "from" (dropped from the stored JSON).
        if (comment !== null) changes.comment = { from: undefined, to: comment };
        const historyId = await history.record(trx, {
          entity: 'needsSheet',
          entityId: id,
          action: 'status',
          changes,
          userId: actor.id,
        });
        if (before.status_id !== statusId) await enterStatus(trx, id, statusId, actor.id, historyId);
      });
    },

    history(id: number, pageNumber: number, perPage: number) {
      return history.needsSheet(id, pageNumber, perPage);
    },
  };
}
export type NeedsSheetRepository = ReturnType<typeof createNeedsSheetRepository>;
