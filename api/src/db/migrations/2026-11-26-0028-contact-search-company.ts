import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// A contacts list search looks in the contact's names, e-mail, phone digits and its company's name. The company's
// name was searched apart (its companies found first, then their contacts, an index read per company): "martin"
// found 250 companies and cost more than the contacts' own matches. The company's folded name is now kept on each
// of its contacts, by triggers, and is part of the contact's search key: one index read finds every match.
// The reports' directory matches contacts by their names alone: it gets an index of its own on them.
// A contact's new company key changes what a search finds: logged as a change of the contact (migration 0021 logs
// the contact's shown columns only).

const loggedColumns = (withCompany: boolean) => [
  ...['title', 'first_name', 'last_name', 'job_title', 'email', 'phone', 'company_id', 'owner_id', 'is_active', 'created_at'],
  ...(withCompany ? ['company_key'] : []),
];

async function changeLog(db: Kysely<any>, withCompany: boolean) {
  await sql`drop trigger contact_data_change on contact`.execute(db);
  await sql`
    create trigger contact_data_change after insert or delete or truncate or update of ${sql.join(loggedColumns(withCompany).map((column) => sql.id(column)))} on contact
    for each statement execute function log_data_change()`.execute(db);
}

const fold = (column: string) =>
  sql`translate(lower(${sql.raw(column)}), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')`;

const contactKey = (withCompany: boolean) =>
  sql`${fold("first_name || ' ' || last_name || ' ' || coalesce(email, '')")} || ' ' || coalesce(phone, '')${withCompany ? sql` || ' ' || company_key` : sql``}`;

async function searchKey(db: Kysely<any>, withCompany: boolean) {
  await sql`drop index contact_search_idx`.execute(db);
  await sql`alter table contact drop column search_key`.execute(db);
  await sql`alter table contact add column search_key text generated always as (${contactKey(withCompany)}) stored`.execute(db);
  await sql`create index contact_search_idx on contact using gin (search_key gin_trgm_ops)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contact add column company_key text not null default ''`.execute(db);
  await sql`update contact k set company_key = c.name_key from company c where c.id = k.company_id`.execute(db);
  // Set before the row is written (the generated search key is computed after this trigger).
  await sql`
    create function contact_company_key() returns trigger language plpgsql as $$
    begin
      new.company_key := coalesce((select name_key from company where id = new.company_id), '');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger contact_company_key before insert or update of company_id on contact
    for each row execute function contact_company_key()`.execute(db);
  await sql`
    create function company_contacts_key() returns trigger language plpgsql as $$
    begin
      update contact set company_key = new.name_key where company_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger company_contacts_key after update of name on company
    for each row when (old.name_key is distinct from new.name_key) execute function company_contacts_key()`.execute(db);
  await searchKey(db, true);
  await changeLog(db, true);
  await sql`create index contact_names_idx on contact using gin ((${fold("first_name || ' ' || last_name")}) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_names_idx`.execute(db);
  await changeLog(db, false);
  await searchKey(db, false);
  await sql`drop trigger company_contacts_key on company`.execute(db);
  await sql`drop function company_contacts_key()`.execute(db);
  await sql`drop trigger contact_company_key on contact`.execute(db);
  await sql`drop function contact_company_key()`.execute(db);
  await sql`alter table contact drop column company_key`.execute(db);
}
