import {
  contractTypes,
  needsPriorities,
  seniorities,
  type NeedsSheet,
  type NeedsSheetListItem,
} from '@bo/contracts/all';
import { sql } from 'kysely';

// A needs sheet's rows as the database gives them, the columns and joins that read them, and their mapping to the
// contract's shapes.

// What a list's row reads (toListItem): a sheet's texts and conditions are left for its panel.
export type ListRow = {
  id: number;
  reference: string;
  company_id: number;
  company_name: string;
  contact_id: number;
  contact_first_name: string;
  contact_last_name: string;
  title: string;
  positions: number;
  positions_filled: number;
  priority: string;
  owner_id: number;
  owner_trigram: string;
  received_date: string;
  deadline: string;
  status_id: number;
  status_label: string;
  status_color: string;
  status_closes: boolean;
  is_active: boolean;
  recruiters: { id: number; trigram: string }[] | string;
};

export type SheetRow = ListRow & {
  description: string;
  skills: string[];
  nice_to_have: string[];
  seniority: string;
  place: string | null;
  remote_days: number;
  start_date: string | null;
  duration_months: number | null;
  contract_type: string;
  rate_min: number | null;
  rate_max: number | null;
  model_id: number | null;
  created_at: Date;
  version: number;
};

export function oneOf<T extends string>(values: readonly T[], value: string): T {
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`Unexpected value in the database: ${value}`);
  return found;
}

export const recruitersOf = (row: ListRow) =>
  typeof row.recruiters === 'string'
    ? (JSON.parse(row.recruiters) as { id: number; trigram: string }[])
    : row.recruiters;

// The one place sheet rows become the contract's shapes.
export function toListItem(row: ListRow, today: string): NeedsSheetListItem {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    company: { id: row.company_id, name: row.company_name },
    contact: { id: row.contact_id, firstName: row.contact_first_name, lastName: row.contact_last_name },
    status: { id: row.status_id, label: row.status_label, color: row.status_color, closes: row.status_closes },
    priority: oneOf(needsPriorities, row.priority),
    positions: row.positions,
    positionsFilled: row.positions_filled,
    owner: { id: row.owner_id, trigram: row.owner_trigram },
    recruiters: recruitersOf(row),
    receivedDate: row.received_date,
    deadline: row.deadline,
    isLate: !row.status_closes && row.deadline < today,
    isActive: row.is_active,
  };
}

export function toSheet(row: SheetRow, today: string): NeedsSheet {
  const recruiters = recruitersOf(row);
  return {
    ...toListItem(row, today),
    companyId: row.company_id,
    contactId: row.contact_id,
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
    ownerId: row.owner_id,
    recruiterIds: recruiters.map((recruiter) => recruiter.id),
    statusId: row.status_id,
    modelId: row.model_id,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

// The fields a history entry compares, in the contract's names (the status by its label, recruiters by trigram).
export const tracked = (row: SheetRow) => ({
  reference: row.reference,
  companyId: row.company_id,
  contactId: row.contact_id,
  title: row.title,
  description: row.description,
  skills: row.skills.join(', '),
  niceToHave: row.nice_to_have.join(', '),
  seniority: row.seniority,
  place: row.place,
  remoteDays: row.remote_days,
  startDate: row.start_date,
  durationMonths: row.duration_months,
  contractType: row.contract_type,
  rateMin: row.rate_min,
  rateMax: row.rate_max,
  positions: row.positions,
  positionsFilled: row.positions_filled,
  priority: row.priority,
  ownerId: row.owner_id,
  recruiterIds: recruitersOf(row)
    .map((recruiter) => recruiter.trigram)
    .sort()
    .join(', '),
  receivedDate: row.received_date,
  deadline: row.deadline,
  status: row.status_label,
  isActive: row.is_active,
});

export const recruitersColumn = sql`
  coalesce((select json_agg(json_build_object('id', ru.id, 'trigram', ru.trigram) order by ru.trigram)
    from needs_sheet_recruiter r join app_user ru on ru.id = r.user_id where r.needs_sheet_id = s.id), '[]'::json) as recruiters`;

export const listColumns = sql`
  s.id, s.reference, s.company_id, co.name as company_name, s.contact_id, k.first_name as contact_first_name,
  k.last_name as contact_last_name, s.title, s.positions, s.positions_filled, s.priority, s.owner_id,
  u.trigram as owner_trigram, s.received_date, s.deadline, s.status_id, st.label as status_label, st.color as status_color,
  st.closes as status_closes, s.is_active, ${recruitersColumn}`;

export const selectColumns = sql`
  ${listColumns}, s.description, s.skills, s.nice_to_have, s.seniority, s.place, s.remote_days, s.start_date,
  s.duration_months, s.contract_type, s.rate_min, s.rate_max, s.model_id, s.created_at, s.version`;

export const joins = sql`
  needs_sheet s
  join company co on co.id = s.company_id
  join contact k on k.id = s.contact_id
  join app_user u on u.id = s.owner_id
  join needs_sheet_status st on st.id = s.status_id`;
