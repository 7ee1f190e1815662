import type { ContactChanges } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../db/database';
import { AppError } from '../errors';

// The checks a contact's writes (create, update, reassign, merge) run in their transaction.

export async function activeOwner(trx: Executor, ownerId: number) {
  const owner = await trx
    .selectFrom('app_user')
    .select(['id', 'is_active'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (owner === undefined || !owner.is_active) throw new AppError('dataInvalid', { field: 'ownerId' });
}

// The rules every stored contact obeys (an e-mail is one contact's, the owner an active user, a company newly
// named an active one), checked in the writing transaction.
// `others` leaves out the contacts that do not count as another one (a merge's duplicate).
export async function checkRules(
  trx: Executor,
  changes: Omit<ContactChanges, 'isActive'>,
  current: { id: number; company_id: number | null } | undefined,
  others: (id: number) => boolean = (id) => id !== current?.id,
) {
  if (changes.email !== null) {
    const same = await trx
      .selectFrom('contact')
      .select('id')
      .where(sql<SqlBool>`lower(email) = lower(${changes.email})`)
      .execute();
    if (same.some((row) => others(row.id))) throw new AppError('existingEmail', { field: 'email' });
  }
  await activeOwner(trx, changes.ownerId);
  if (changes.companyId !== null && changes.companyId !== current?.company_id) {
    const company = await trx
      .selectFrom('company')
      .select(['id', 'is_active'])
      .where('id', '=', changes.companyId)
      .executeTakeFirst();
    if (company === undefined) throw new AppError('modelNotFound', { field: 'companyId' });
    if (!company.is_active) throw new AppError('inactiveCompany', { field: 'companyId' });
  }
}
