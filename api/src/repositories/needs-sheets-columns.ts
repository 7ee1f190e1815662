import {
  contractTypes,
  defaultNeedsSheetDeadline,
  needsPriorities,
  seniorities,
  type NeedsSheetChanges,
} from '@bo/contracts/all';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { delayOf, statusFor } from './needs-sheets-checks';
import { oneOf, recruitersOf, type SheetRow } from './needs-sheets-rows';

// A needs sheet's changes and its stored columns, each way: the columns a write stores (its received date, deadline
// and status completed), and the changes a stored sheet reads as (a duplicate starts from them).

export async function columns(trx: Executor, changes: NeedsSheetChanges, current: SheetRow | undefined, today: string) {
  const receivedDate = changes.receivedDate ?? current?.received_date ?? today;
  const deadline = changes.deadline ?? defaultNeedsSheetDeadline(receivedDate, await delayOf(trx, changes.modelId));
  if (deadline < receivedDate) throw new AppError('dataInvalid', { field: 'deadline' });
  return {
    company_id: changes.companyId,
    contact_id: changes.contactId,
    title: changes.title,
    description: changes.description,
    skills: changes.skills,
    nice_to_have: changes.niceToHave,
    seniority: changes.seniority,
    place: changes.place,
    remote_days: changes.remoteDays,
    start_date: changes.startDate,
    duration_months: changes.durationMonths,
    contract_type: changes.contractType,
    rate_min: changes.rateMin,
    rate_max: changes.rateMax,
    positions: changes.positions,
    positions_filled: changes.positionsFilled,
    priority: changes.priority,
    owner_id: changes.ownerId,
    model_id: changes.modelId,
    received_date: receivedDate,
    deadline,
    status_id: await statusFor(trx, changes.statusId, current),
    is_active: changes.isActive,
  };
}

export const changesOf = (row: SheetRow): NeedsSheetChanges => ({
  companyId: row.company_id,
  contactId: row.contact_id,
  title: row.title,
  description: row.description,
  skills: row.skills,
  niceToHave: row.nice_to_have,
  seniority: oneOf(seniorities, row.seniority),
  place: row.place,
  remoteDays: row.remote_days,
  startDate: row.start_date,
  durationMonths: row.duration_months,
  contractType: oneOf(contractTypes, row.contract_type),
  rateMin: row.rate_min,
  rateMax: row.rate_max,
  positions: row.positions,
  positionsFilled: row.positions_filled,
  priority: oneOf(needsPriorities, row.priority),
  ownerId: row.owner_id,
  recruiterIds: recruitersOf(row).map((recruiter) => recruiter.id),
  receivedDate: row.received_date,
  deadline: row.deadline,
  statusId: row.status_id,
  modelId: row.model_id,
  isActive: row.is_active,
});
