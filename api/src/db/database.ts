import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

// The one description of the tables, as the application sees them today (migrations stay frozen in time
// and do not use it). DATE columns come back as 'yyyy-MM-dd' strings on both engines (see engine.ts);
// timestamptz as Date; jsonb parsed, written as JSON text.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type IsoDate = ColumnType<string, string, string>;
type Json = ColumnType<unknown, string, string>;

export type AppUserTable = {
  id: Generated<number>;
  trigram: string;
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  phone: string | null;
  is_admin: Generated<boolean>;
  is_business_leader: Generated<boolean>;
  is_business_team: Generated<boolean>;
  is_recruitment_team: Generated<boolean>;
  leader_id: number | null;
  is_active: Generated<boolean>;
  password_hash: string;
  settings: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type CompanyTable = {
  id: Generated<number>;
  name: string;
  registration_id: string;
  parent_id: number | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  sector: string | null;
  owner_id: number;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
};

export type ContactTable = {
  id: Generated<number>;
  title: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  email: string | null;
  phone: string | null;
  company_id: number | null;
  owner_id: number;
  is_active: boolean;
  created_at: CreatedAt;
};

export type TaskTable = {
  id: Generated<number>;
  description: string;
  background_color: string;
  border_color: string;
  color: string;
  is_active: Generated<boolean>;
};

export type TodoTable = {
  id: Generated<number>;
  contact_id: number;
  task_id: number;
  owner_id: number;
  deadline: IsoDate;
  execution_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notes: Generated<string>;
  comment: string | null;
  is_accomplished: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  replacement_id: number | null;
};

export type HistoryTable = {
  id: Generated<number>;
  entity: string;
  entity_id: number;
  action: string;
  changes: Json;
  user_id: number | null;
  created_at: CreatedAt;
};

export type RevokedSessionTable = {
  sid: string;
  expires_at: Timestamp;
};

// Login attempts per key in a fixed window (migration 0004).
export type LoginThrottleTable = {
  key: string;
  attempts: number;
  window_start: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type AppSettingTable = {
  key: string;
  value: string;
};

// The append-only log of writes to the tables the cached answers are built from (migration 0005): written by
// triggers, folded by the API, summed into versions (repositories/data-version.ts).
export type DataChangeTable = {
  id: Generated<string>;
  tbl: string;
  owner_id: number | null;
  weight: ColumnType<string, string | number | undefined, string | number>;
};

export type Database = {
  app_user: AppUserTable;
  company: CompanyTable;
  contact: ContactTable;
  task: TaskTable;
  todo: TodoTable;
  history: HistoryTable;
  revoked_session: RevokedSessionTable;
  login_throttle: LoginThrottleTable;
  app_setting: AppSettingTable;
  data_change: DataChangeTable;
};

export type Db = Kysely<Database>;
// Repositories take either the database or a transaction.
export type Executor = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<AppUserTable>;
export type NewUser = Insertable<AppUserTable>;
export type UserUpdate = Updateable<AppUserTable>;
export type CompanyRow = Selectable<CompanyTable>;
export type NewCompany = Insertable<CompanyTable>;
export type ContactRow = Selectable<ContactTable>;
export type NewContact = Insertable<ContactTable>;
export type TaskRow = Selectable<TaskTable>;
export type NewTask = Insertable<TaskTable>;
export type TodoRow = Selectable<TodoTable>;
export type NewTodo = Insertable<TodoTable>;
export type TodoUpdate = Updateable<TodoTable>;
export type NewHistory = Insertable<HistoryTable>;
