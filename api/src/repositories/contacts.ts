import {
  can,
  type Contact,
  type ContactChanges,
  type ContactDuplicate,
  type ContactListItem,
  type ContactSortKey,
  type ListPage,
  type SortedListQuery,
} from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Db, Executor } from '../db/database';
import { prepared } from '../db/prepared';
import type { Actor } from '../domain/actor';
import { AppError, editConflict } from '../errors';
import { conditions, countedTables, sortKeys, totalKey, type ContactFilters } from './contact-filters';
import { records, toColumns, toContact, toListItem, tracked } from './contact-rows';
import { activeOwner, checkRules } from './contact-rules';
import { summaries, toContactSummary } from './contact-summaries';
import { eachBatch, EXPORT_BATCH } from './cursor';
import { diff, type HistoryRepository } from './history';
import { createListTotals, createTableSize } from '../freshness/list-totals';
import { amongIds, fold, orderedBy, rowsInOrder } from './mapping';

export type { ContactFilters } from './contact-filters';

// The contacts as records the business team edits (/liste-contacts): list, read, write under the rules,
// duplicates, reassignment and merge. The summaries, the standby lists and the autocomplete are in
// contact-summaries.ts.

// How a search on the name order is read (pageIdsWalked): walked when that should read fewer than `perMatch` index
// entries per match (a row read and its share of the sort cost about as much), up to `margin` times its estimate.
export type NameWalk = { perMatch: number; margin: number };
const nameWalk: NameWalk = { perMatch: 2, margin: 3 };

// Every row of the list in its order, with its columns (exports).
function sorted(
  db: Executor,
  actor: Actor,
  query: Omit<SortedListQuery<ContactSortKey>, 'page' | 'perPage'>,
  filters: ContactFilters,
) {
  return orderedBy(records(db).where(conditions(actor, query.search, filters)), sortKeys[query.sort], query.order);
}

export function createContactRepository(db: Db, history: HistoryRepository, walk: NameWalk = nameWalk) {
  const totals = createListTotals();
  const tableSize = createTableSize(db, 'contact');

  // A page's ids from the contacts the list's conditions match, read first (a search: both indexes into one
  // bitmap), then sorted: walked along a sort's index with a search as a filter, a rare name's page read the whole
  // index to find its few matches. OFFSET 0 keeps the subquery whole; without a search it is merged into the page's
  // query, which can then stop early along the sort's index.
  async function pageIdsOfMatches(
    where: ReturnType<typeof conditions>,
    query: SortedListQuery<ContactSortKey>,
  ): Promise<number[]> {
    const fence = query.search !== undefined && query.search !== '' ? sql`offset 0` : sql``;
    const matching = sql`(select * from contact c where ${where} ${fence})`.as('c');
    const ids = await orderedBy(
      db.selectFrom(matching).select(sql<number>`c.id`.as('id')),
      sortKeys[query.sort],
      query.order,
    )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute();
    return ids.map((row) => row.id);
  }

  // A search with many matches, on the name order: walking the order in the index alone (it carries the columns the
  // conditions read, migration 0028) reaches the page after about (offset + page) x contacts / matches entries, where
  // reading the matches first costs a row read for each of them, sorted after. The walk is taken when it should read
  // fewer than `walk.perMatch` entries per match, and goes `walk.margin` times its estimate at most: matches bunched
  // further down the order (a last name late in the alphabet) leave its page short, which is then read from the
  // matches.
  async function pageIdsWalked(
    actor: Actor,
    query: SortedListQuery<ContactSortKey>,
    filters: ContactFilters,
    total: number,
    where: ReturnType<typeof conditions>,
  ): Promise<number[]> {
    const offset = (query.page - 1) * query.perPage;
    const estimate = Math.ceil(((offset + query.perPage) * Math.max(await tableSize(), total)) / total);
    if (estimate <= walk.perMatch * total) {
      const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
      const walked =
        sql`(select c.id, c.name_key, c.search_key, c.company_id, c.owner_id, c.is_active, c.merged_into_id from contact c
        order by c.name_key ${direction}, c.id ${direction} limit ${Math.ceil(walk.margin * estimate)})`.as('c');
      const ids = await orderedBy(db.selectFrom(walked).select(sql<number>`c.id`.as('id')), sortKeys.name, query.order)
        .where(conditions(actor, query.search, filters, 'asSet'))
        .limit(query.perPage)
        .offset(offset)
        .execute();
      // A full page, or the last one whole: the walk went far enough.
      if (ids.length === query.perPage || ids.length === total - offset) return ids.map((row) => row.id);
    }
    return pageIdsOfMatches(where, query);
  }

  async function findRow(executor: Executor, id: number) {
    return records(executor).select(['c.created_at', 'c.merged_into_id']).where('c.id', '=', id).executeTakeFirst();
  }

  return {
    async list(
      actor: Actor,
      query: SortedListQuery<ContactSortKey>,
      filters: ContactFilters,
    ): Promise<ListPage<ContactListItem>> {
      // The page's ids first, sorted on the keys alone: the todo columns are then built for 20 rows, not for every
      // row an offset skips. The total beside it, counted again only when the contacts it counts changed.
      const where = conditions(actor, query.search, filters);
      const count = () =>
        totals.total(
          db,
          totalKey(actor, query.search, filters),
          countedTables(query.search, filters),
          sql`select count(*) from contact c where ${where}`,
        );
      let pageIds: number[];
      let total: number;
      if (query.search !== undefined && query.search !== '' && query.sort === 'name' && filters.late !== true) {
        // A search on the name order: how many contacts match decides how to read the page (see pageIdsWalked).
        total = await count();
        pageIds =
          total <= (query.page - 1) * query.perPage ? [] : await pageIdsWalked(actor, query, filters, total, where);
      } else {
        [pageIds, total] = await Promise.all([pageIdsOfMatches(where, query), count()]);
      }
      const rows = await rowsInOrder(pageIds, () =>
        prepared('contact_page_rows', records(db).where(amongIds('c.id', pageIds))).execute(),
      );
      return { items: rows.map(toListItem), total };
    },

    // Every contact of the list, in its order, a batch at a time (exports).
    async eachBatch(
      actor: Actor,
      query: Omit<SortedListQuery<ContactSortKey>, 'page' | 'perPage'>,
      filters: ContactFilters,
      onBatch: (items: ContactListItem[]) => Promise<void>,
    ) {
      await eachBatch(db, sorted(db, actor, query, filters), EXPORT_BATCH, (rows) => onBatch(rows.map(toListItem)));
    },

    async find(id: number): Promise<Contact | undefined> {
      const row = await findRow(db, id);
      return row === undefined ? undefined : toContact(row);
    },

    async duplicates(candidate: {
      email: string | null;
      phone: string | null;
      firstName?: string;
      lastName?: string;
      companyId: number | null;
      excludeId: number | null;
    }): Promise<ContactDuplicate[]> {
      const reasons = new Map<number, Set<'email' | 'phone' | 'name'>>();
      const note = (rows: { id: number }[], reason: 'email' | 'phone' | 'name') => {
        for (const { id } of rows) {
          if (id === candidate.excludeId) continue;
          reasons.set(id, (reasons.get(id) ?? new Set()).add(reason));
        }
      };
      // A contact merged away is no one's duplicate any more.
      const base = () => db.selectFrom('contact as c').select('c.id').where('c.merged_into_id', 'is', null).limit(20);
      if (candidate.email !== null)
        note(
          await base()
            .where(sql<SqlBool>`lower(c.email) = lower(${candidate.email})`)
            .execute(),
          'email',
        );
      if (candidate.phone !== null) note(await base().where('c.phone', '=', candidate.phone).execute(), 'phone');
      if (candidate.companyId !== null && candidate.firstName && candidate.lastName) {
        note(
          await base()
            .where('c.company_id', '=', candidate.companyId)
            .where(sql<SqlBool>`${fold(sql.ref('c.last_name'))} = ${fold(sql`${candidate.lastName}`)}`)
            .where(sql<SqlBool>`${fold(sql.ref('c.first_name'))} = ${fold(sql`${candidate.firstName}`)}`)
            .execute(),
          'name',
        );
      }
      if (reasons.size === 0) return [];
      const rows = await summaries(db)
        .where('c.id', 'in', [...reasons.keys()])
        .orderBy('c.id')
        .execute();
      return rows.map((row) => ({
        contact: toContactSummary(row),
        reasons: ['email' as const, 'phone' as const, 'name' as const].filter((reason) =>
          reasons.get(row.id)?.has(reason),
        ),
      }));
    },

    async create(changes: ContactChanges, actorId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await checkRules(trx, changes, undefined);
        // A new contact starts en veille (it has no todo yet), whatever `isActive` says.
        const created = await trx
          .insertInto('contact')
          .values(toColumns(changes))
          .returningAll()
          .executeTakeFirstOrThrow();
        await history.record(trx, {
          entity: 'contact',
          entityId: created.id,
          action: 'create',
          changes: diff({}, tracked(created)),
          userId: actorId,
        });
        return created.id;
      });
    },

    // A change from the version the user read; the state (active or en veille) follows the todos and is not the
    // form's to change; the owner is a leader's or an admin's to change, whatever the call.
    async update(id: number, changes: ContactChanges & { version: number }, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('contact').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (before === undefined || before.merged_into_id !== null)
          throw new AppError('modelNotFound', { field: 'id' });
        if (before.version !== changes.version)
          throw editConflict(await history.conflict(trx, 'contact', id, before.version));
        if (changes.isActive === false && before.is_active)
          throw new AppError('cantDeactivateContactWithTodos', { field: 'isActive' });
        if (changes.isActive === true && !before.is_active) throw new AppError('notAllowed', { field: 'isActive' });
        if (changes.ownerId !== before.owner_id && !can(actor.role, 'contact', 'reassign'))
          throw new AppError('forbidden', { field: 'ownerId' });
        await checkRules(trx, changes, before);
        const after = await trx
          .updateTable('contact')
          .set(toColumns(changes))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const changed = diff(tracked(before), tracked(after));
        if (Object.keys(changed).length > 0) {
          await history.record(trx, {
            entity: 'contact',
            entityId: id,
            action: 'update',
            changes: changed,
            userId: actor.id,
          });
        }
      });
    },

    // Every contact of the selection goes to the new owner, in one transaction; each one's history says so.
    async reassign(ids: number[], ownerId: number, actorId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await activeOwner(trx, ownerId);
        const unique = [...new Set(ids)];
        const before = await trx
          .selectFrom('contact')
          .select(['id', 'owner_id'])
          .where('id', 'in', unique)
          .where('merged_into_id', 'is', null)
          .orderBy('id')
          .forUpdate()
          .execute();
        if (before.length !== unique.length) throw new AppError('modelNotFound', { field: 'ids' });
        await trx.updateTable('contact').set({ owner_id: ownerId }).where('id', 'in', unique).execute();
        for (const row of before.filter((contact) => contact.owner_id !== ownerId)) {
          await history.record(trx, {
            entity: 'contact',
            entityId: row.id,
            action: 'reassign',
            changes: { ownerId: { from: row.owner_id, to: ownerId } },
            userId: actorId,
          });
        }
      });
    },

    // The duplicate's todos and history move to the kept contact, which takes the chosen values; the duplicate is
    // merged away: gone from every list, its state en veille (it has no todo left), and no write revives it. Both
    // histories record the merge. Each contact as the user read it: a newer change of either is a conflict.
    async merge(
      keptId: number,
      duplicateId: number,
      changes: Omit<ContactChanges, 'isActive'> & { version: number; duplicateVersion: number },
      actor: Actor,
    ): Promise<void> {
      if (keptId === duplicateId) throw new AppError('dataInvalid', { field: 'duplicateId' });
      await db.transaction().execute(async (trx) => {
        // Both rows locked in id order: two merges of the same pair cannot cross.
        const locked = await trx
          .selectFrom('contact')
          .selectAll()
          .where('id', 'in', [keptId, duplicateId])
          .orderBy('id')
          .forUpdate()
          .execute();
        const kept = locked.find((row) => row.id === keptId);
        const duplicate = locked.find((row) => row.id === duplicateId);
        if (kept === undefined || kept.merged_into_id !== null) throw new AppError('modelNotFound', { field: 'id' });
        if (duplicate === undefined || duplicate.merged_into_id !== null)
          throw new AppError('modelNotFound', { field: 'duplicateId' });
        if (kept.version !== changes.version)
          throw editConflict(await history.conflict(trx, 'contact', keptId, kept.version));
        if (duplicate.version !== changes.duplicateVersion)
          throw editConflict(await history.conflict(trx, 'contact', duplicateId, duplicate.version));
        if (changes.ownerId !== kept.owner_id && !can(actor.role, 'contact', 'reassign'))
          throw new AppError('forbidden', { field: 'ownerId' });
        // The duplicate's e-mail is not another contact's: it is the same person.
        await checkRules(trx, changes, kept, (id) => id !== keptId && id !== duplicateId);
        await history.actFor(trx, actor.id);
        const movedTodos = await trx
          .updateTable('todo')
          .set({ contact_id: keptId })
          .where('contact_id', '=', duplicateId)
          .returning('id')
          .execute();
        await trx
          .updateTable('history')
          .set({ entity_id: keptId })
          .where('entity', '=', 'contact')
          .where('entity_id', '=', duplicateId)
          .execute();
        await trx.updateTable('contact').set({ merged_into_id: keptId }).where('id', '=', duplicateId).execute();
        const after = await trx
          .updateTable('contact')
          .set(toColumns(changes))
          .where('id', '=', keptId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await history.record(trx, {
          entity: 'contact',
          entityId: keptId,
          action: 'merge',
          changes: {
            ...diff(tracked(kept), tracked(after)),
            mergedFrom: { from: null, to: duplicateId },
            todos: { from: null, to: movedTodos.length },
          },
          userId: actor.id,
        });
        await history.record(trx, {
          entity: 'contact',
          entityId: duplicateId,
          action: 'mergedInto',
          changes: { mergedInto: { from: null, to: keptId } },
          userId: actor.id,
        });
      });
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
