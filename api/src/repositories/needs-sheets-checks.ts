import type { NeedsSheetChanges } from '@bo/contracts/all';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import type { SheetRow } from './needs-sheets-rows';

// What a needs sheet's write checks in its transaction: the company, contact, owner and recruiters it points to, the
// status it gets and the delay of the model it is made from.

// The rules every stored sheet obeys, checked in the writing transaction.
export async function checkRules(trx: Executor, changes: NeedsSheetChanges, current: SheetRow | undefined) {
  const company = await trx
    .selectFrom('company')
    .select(['id', 'is_active'])
    .where('id', '=', changes.companyId)
    .executeTakeFirst();
  if (company === undefined) throw new AppError('modelNotFound', { field: 'companyId' });
  const contact = await trx
    .selectFrom('contact')
    .select(['id', 'is_active', 'company_id'])
    .where('id', '=', changes.contactId)
    .executeTakeFirst();
  if (contact === undefined) throw new AppError('modelNotFound', { field: 'contactId' });
  if (contact.company_id !== changes.companyId) throw new AppError('dataInvalid', { field: 'contactId' });
  // A sheet is written for an active client: checked when it is created or moves to another company or contact.
  const moves =
    current === undefined || current.company_id !== changes.companyId || current.contact_id !== changes.contactId;
  if (moves && !company.is_active) throw new AppError('inactiveCompany', { field: 'companyId' });
  if (moves && !contact.is_active) throw new AppError('inactiveCompany', { field: 'contactId' });
  const owner = await trx
    .selectFrom('app_user')
    .select(['id', 'is_active'])
    .where('id', '=', changes.ownerId)
    .executeTakeFirst();
  if (owner === undefined || !owner.is_active) throw new AppError('dataInvalid', { field: 'ownerId' });
  if (changes.recruiterIds.length > 0) {
    const recruiters = await trx
      .selectFrom('app_user')
      .select('id')
      .where('id', 'in', changes.recruiterIds)
      .where('is_active', '=', true)
      .execute();
    if (recruiters.length !== changes.recruiterIds.length) throw new AppError('dataInvalid', { field: 'recruiterIds' });
  }
}

// The status a sheet gets: the one asked for (active, or the one it already has), else the first active one.
export async function statusFor(
  trx: Executor,
  statusId: number | null,
  current: SheetRow | undefined,
): Promise<number> {
  if (statusId === null) {
    if (current !== undefined) return current.status_id;
    const first = await trx
      .selectFrom('needs_sheet_status')
      .select('id')
      .where('is_active', '=', true)
      .orderBy('display_order')
      .orderBy('id')
      .executeTakeFirst();
    if (first === undefined) throw new AppError('dataInvalid', { field: 'statusId' });
    return first.id;
  }
  const status = await trx
    .selectFrom('needs_sheet_status')
    .select(['id', 'is_active'])
    .where('id', '=', statusId)
    .executeTakeFirst();
  if (status === undefined || (!status.is_active && current?.status_id !== statusId))
    throw new AppError('dataInvalid', { field: 'statusId' });
  return status.id;
}

export async function delayOf(trx: Executor, modelId: number | null): Promise<number | undefined> {
  if (modelId === null) return undefined;
  const model = await trx
    .selectFrom('needs_sheet_model')
    .select('delay_days')
    .where('id', '=', modelId)
    .executeTakeFirst();
  if (model === undefined) throw new AppError('modelNotFound', { field: 'modelId' });
  return model.delay_days;
}
