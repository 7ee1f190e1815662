import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('trigram', 'varchar(3)', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`trigram ~ '^[A-Z]{3}$'`),
    )
    .addColumn('first_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('last_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('title', 'varchar(10)', (col) => col.notNull().check(sql`title in ('mister', 'madam', 'miss')`))
    .addColumn('email', 'varchar(255)', (col) => col.notNull())
    .addColumn('phone', 'varchar(13)', (col) => col.check(sql`phone ~ '^0033[1-9][0-9]{8}$'`))
    .addColumn('is_admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_business_leader', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_business_team', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_recruitment_team', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('leader_id', 'integer', (col) => col.references('app_user.id').onDelete('restrict'))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('app_user_leader_not_self', sql`leader_id is null or leader_id <> id`)
    .execute();
  await db.schema
    .createIndex('app_user_email_key')
    .on('app_user')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.createIndex('app_user_leader_idx').on('app_user').column('leader_id').execute();

  await db.schema
    .createTable('company')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('registration_id', 'char(14)', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`registration_id ~ '^[0-9]{14}$'`),
    )
    .addColumn('parent_id', 'integer', (col) => col.references('company.id').onDelete('restrict'))
    .addColumn('address', 'varchar(255)')
    .addColumn('postal_code', 'varchar(5)')
    .addColumn('city', 'varchar(100)')
    .addColumn('sector', 'varchar(100)')
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('restrict'))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('company_parent_not_self', sql`parent_id is null or parent_id <> id`)
    .execute();
  await db.schema.createIndex('company_parent_idx').on('company').column('parent_id').execute();
  await db.schema
    .createIndex('company_name_idx')
    .on('company')
    .expression(sql`lower(name) text_pattern_ops`)
    .execute();

  await db.schema
    .createTable('contact')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'varchar(10)', (col) => col.notNull().check(sql`title in ('mister', 'madam', 'miss')`))
    .addColumn('first_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('last_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('job_title', 'varchar(150)')
    .addColumn('email', 'varchar(255)')
    .addColumn('phone', 'varchar(13)', (col) => col.check(sql`phone ~ '^0033[1-9][0-9]{8}$'`))
    .addColumn('company_id', 'integer', (col) => col.references('company.id').onDelete('restrict'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('restrict'))
    // false: "en veille" (standby), waiting for its first todo.
    .addColumn('is_active', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The standby lists filter on is_active then owner.
  await db.schema.createIndex('contact_active_owner_idx').on('contact').columns(['is_active', 'owner_id']).execute();
  await db.schema.createIndex('contact_company_idx').on('contact').column('company_id').execute();
  // Prefix search (autocomplete); plain btree because PGlite may lack pg_trgm.
  await db.schema
    .createIndex('contact_last_name_idx')
    .on('contact')
    .expression(sql`lower(last_name) text_pattern_ops`)
    .execute();
  await db.schema
    .createIndex('contact_first_name_idx')
    .on('contact')
    .expression(sql`lower(first_name) text_pattern_ops`)
    .execute();

  await db.schema
    .createTable('task')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('description', 'varchar(150)', (col) => col.notNull().unique())
    .addColumn('background_color', 'char(7)', (col) => col.notNull().check(sql`background_color ~ '^#[0-9a-f]{6}$'`))
    .addColumn('border_color', 'char(7)', (col) => col.notNull().check(sql`border_color ~ '^#[0-9a-f]{6}$'`))
    .addColumn('color', 'char(7)', (col) => col.notNull().check(sql`color ~ '^#[0-9a-f]{6}$'`))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('todo')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('contact_id', 'integer', (col) => col.notNull().references('contact.id').onDelete('restrict'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('task.id').onDelete('restrict'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('restrict'))
    .addColumn('deadline', 'date', (col) => col.notNull())
    .addColumn('execution_date', 'timestamptz')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('comment', 'text')
    .addColumn('is_accomplished', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // unique: a todo has at most one follow-up, and a follow-up replaces exactly one todo.
    .addColumn('replacement_id', 'integer', (col) => col.unique().references('todo.id').onDelete('restrict'))
    .addCheckConstraint('todo_replacement_not_self', sql`replacement_id is null or replacement_id <> id`)
    .addCheckConstraint('todo_accomplished_has_execution', sql`not is_accomplished or execution_date is not null`)
    .addCheckConstraint('todo_replacement_only_when_accomplished', sql`replacement_id is null or is_accomplished`)
    .execute();
  // The calendar: todos of some owners within a deadline range, and the same restricted to pending ones.
  await db.schema
    .createIndex('todo_owner_deadline_idx')
    .on('todo')
    .columns(['owner_id', 'deadline'])
    .where(sql<boolean>`is_active`)
    .execute();
  await db.schema
    .createIndex('todo_pending_owner_deadline_idx')
    .on('todo')
    .columns(['owner_id', 'deadline'])
    .where(sql<boolean>`is_active and not is_accomplished`)
    .execute();
  await db.schema.createIndex('todo_contact_idx').on('todo').column('contact_id').execute();
  await db.schema.createIndex('todo_task_idx').on('todo').column('task_id').execute();

  await db.schema
    .createTable('history')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('entity', 'varchar(30)', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('action', 'varchar(30)', (col) => col.notNull())
    .addColumn('changes', 'jsonb', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('history_entity_idx')
    .on('history')
    .columns(['entity', 'entity_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('revoked_session')
    .addColumn('sid', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revoked_session_expires_idx').on('revoked_session').column('expires_at').execute();

  await db.schema
    .createTable('login_attempt')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('trigram', 'varchar(3)', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempt_key_idx')
    .on('login_attempt')
    .columns(['trigram', 'ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('app_setting')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'app_setting',
    'login_attempt',
    'revoked_session',
    'history',
    'todo',
    'task',
    'contact',
    'company',
    'app_user',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
