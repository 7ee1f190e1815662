import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

// The companies and contacts lists sort at 20 000 and 100 000 rows: each sort reads an index in its order instead
// of computing a key for every row. Text keys are stored folded (accents and case ignored, "C" order, the same on
// both engines); the two counts are kept by triggers in the transaction that changes them, so that sorting on
// them reads a column rather than counting 100 000 contacts.

const fold = (column: string) =>
  sql`translate(lower(${sql.raw(column)}), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [key, column] of [
    ['name_key', 'name'],
    ['city_key', 'city'],
    ['sector_key', 'sector'],
  ]) {
    await sql`alter table company add column ${sql.raw(key)} text collate "C" generated always as (${fold(column)}) stored`.execute(
      db,
    );
  }
  await sql`alter table company add column subsidiary_count integer not null default 0`.execute(db);
  await sql`alter table company add column active_contact_count integer not null default 0`.execute(db);
  await sql`
    update company c set
      subsidiary_count = (select count(*) from company s where s.parent_id = c.id),
      active_contact_count = (select count(*) from contact k where k.company_id = c.id and k.is_active)`.execute(db);

  await sql`
    create function company_count_contacts() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.is_active and old.company_id is not null then
        update company set active_contact_count = active_contact_count - 1 where id = old.company_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.is_active and new.company_id is not null then
        update company set active_contact_count = active_contact_count + 1 where id = new.company_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger contact_counts after insert or delete or update of company_id, is_active on contact
    for each row execute function company_count_contacts()`.execute(db);

  await sql`
    create function company_count_subsidiaries() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.parent_id is not null then
        update company set subsidiary_count = subsidiary_count - 1 where id = old.parent_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.parent_id is not null then
        update company set subsidiary_count = subsidiary_count + 1 where id = new.parent_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger company_counts after insert or delete or update of parent_id on company
    for each row execute function company_count_subsidiaries()`.execute(db);

  // A contact's name as the list sorts it: last name, then first name (a space sorts before any letter).
  await sql`
    alter table contact add column name_key text collate "C" generated always as (${fold('last_name')} || ' ' || ${fold('first_name')}) stored`.execute(
    db,
  );
  await sql`drop index contact_name_sort_idx`.execute(db);
  await sql`create index contact_name_key_sort_idx on contact (name_key, id)`.execute(db);

  await sql`drop index company_name_sort_idx`.execute(db);
  for (const column of [
    'name_key',
    'city_key',
    'sector_key',
    'postal_code',
    'registration_id',
    'subsidiary_count',
    'active_contact_count',
  ]) {
    await sql`create index ${sql.raw(`company_${column}_sort_idx`)} on company (${sql.raw(column)}, id)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'name_key',
    'city_key',
    'sector_key',
    'postal_code',
    'registration_id',
    'subsidiary_count',
    'active_contact_count',
  ]) {
    await sql`drop index ${sql.raw(`company_${column}_sort_idx`)}`.execute(db);
  }
  await sql`drop index contact_name_key_sort_idx`.execute(db);
  await sql`create index contact_name_sort_idx on contact ((${fold('last_name')} collate "C"), (${fold('first_name')} collate "C"), id)`.execute(
    db,
  );
  await db.schema.alterTable('contact').dropColumn('name_key').execute();
  await sql`drop trigger company_counts on company`.execute(db);
  await sql`drop function company_count_subsidiaries()`.execute(db);
  await sql`drop trigger contact_counts on contact`.execute(db);
  await sql`drop function company_count_contacts()`.execute(db);
  await sql`create index company_name_sort_idx on company ((${fold('name')} collate "C"), id)`.execute(db);
  for (const column of ['active_contact_count', 'subsidiary_count', 'sector_key', 'city_key', 'name_key']) {
    await db.schema.alterTable('company').dropColumn(column).execute();
  }
}
