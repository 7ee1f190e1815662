import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The rules that protect contacts and companies, held by the database for every writer (the API's routes, a merge,
// an import, a script), rather than by each route. See docs/data-rules.md.
//
// - A contact is active exactly when it has a pending todo, and en veille otherwise: its state is kept from its
//   todos, with its next deadline, when the transaction that wrote them commits (the deferred trigger of migration
//   0021, which now keeps both), and each change of state is recorded in the history with the user the writing
//   transaction names (`bo.actor_id`).
// - No active contact in an inactive company, no active subsidiary under an inactive parent: the company row is
//   locked by whoever activates a contact or a subsidiary in it and by whoever deactivates it, so that of two such
//   transactions the second sees what the first did.
// - A contact merged into another (merged_into_id) is gone: no todo can be added to it, no change can revive it.
// - Contacts and companies carry a version, one more at each change of what a person edits, so that a save made from
//   an older read can be refused rather than overwrite what another person saved.
//
// A broken rule raises its catalogue code as the error's message (SQLSTATE P0001); the API answers it as that code.

const contactEdited = ['title', 'first_name', 'last_name', 'job_title', 'email', 'phone', 'company_id', 'owner_id'];
const companyEdited = [
  'name',
  'registration_id',
  'parent_id',
  'address',
  'postal_code',
  'city',
  'phone',
  'website',
  'sector',
  'owner_id',
  'is_active',
];
// Every column of contact a cached answer shows (migrations 0005 and 0021), and now the merge.
const contactShown = [
  'title',
  'first_name',
  'last_name',
  'job_title',
  'email',
  'phone',
  'company_id',
  'owner_id',
  'is_active',
  'created_at',
  'merged_into_id',
];

const row = (prefix: 'new' | 'old', columns: string[]) =>
  sql.raw(`(${columns.map((column) => `${prefix}.${column}`).join(', ')})`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contact add column merged_into_id integer references contact (id)`.execute(db);
  await sql`alter table contact add constraint contact_merged_not_self check (merged_into_id is null or merged_into_id <> id)`.execute(
    db,
  );
  await sql`alter table contact add column version integer not null default 1`.execute(db);
  await sql`alter table contact alter column is_active set default false`.execute(db);
  await sql`alter table company add column version integer not null default 1`.execute(db);

  // Contacts merged before today are found in the history.
  await sql`
    update contact c set merged_into_id = (h.changes -> 'mergedInto' ->> 'to')::integer
    from (select distinct on (entity_id) entity_id, changes from history where entity = 'contact' and action = 'mergedInto' order by entity_id, id desc) h
    where h.entity_id = c.id and c.merged_into_id is null`.execute(db);

  // The data as it stands is brought within the rules before they are enforced, each repair in the history (no
  // user: the upgrade made it). A merged contact's pending todos go to the contact it was merged into.
  await sql`
    update todo t set contact_id = c.merged_into_id
    from contact c where c.id = t.contact_id and c.merged_into_id is not null and t.is_active and not t.is_accomplished`.execute(
    db,
  );
  await sql`
    with changed as (
      update contact c set is_active = not c.is_active
      where c.is_active <> (c.merged_into_id is null and exists (select 1 from todo t where t.contact_id = c.id and t.is_active and not t.is_accomplished))
      returning c.id, c.is_active)
    insert into history (entity, entity_id, action, changes)
    select 'contact', id, case when is_active then 'activate' else 'standby' end, jsonb_build_object('isActive', jsonb_build_object('from', not is_active, 'to', is_active))
    from changed`.execute(db);
  // A company with active contacts, or the parent of an active company, is active again (up the whole chain).
  await sql`
    with recursive needed(id) as (
      select company_id from contact where is_active and company_id is not null
      union
      select parent_id from company where is_active and parent_id is not null
      union
      select c.parent_id from company c join needed n on n.id = c.id where c.parent_id is not null),
    changed as (
      update company c set is_active = true from (select distinct id from needed) n where n.id = c.id and not c.is_active returning c.id)
    insert into history (entity, entity_id, action, changes)
    select 'company', id, 'activate', '{"isActive": {"from": false, "to": true}}'::jsonb from changed`.execute(db);

  // A contact's state and next deadline, from its todos, when the transaction that wrote them commits (migration
  // 0021 locks the contact first). Activated, it must be in an active company (locked, see above) and not merged.
  await sql`
    create or replace function contact_refresh_next_deadline(target integer) returns void language plpgsql as $$
    declare
      current contact%rowtype;
      next date;
      active boolean;
      company_active boolean;
    begin
      select * into current from contact where id = target for no key update;
      if not found then return; end if;
      select min(deadline) into next from todo where contact_id = target and is_active and not is_accomplished;
      active := next is not null;
      if active and not current.is_active then
        if current.merged_into_id is not null then raise exception 'modelNotFound'; end if;
        if current.company_id is not null then
          select is_active into company_active from company where id = current.company_id for no key update;
          if not company_active then raise exception 'inactiveCompany'; end if;
        end if;
      end if;
      if current.next_deadline is not distinct from next and current.is_active = active then return; end if;
      -- The state is written only when it changes: a column named in SET fires the change log (migration 0005), and a
      -- new deadline alone must keep the answers that show contacts.
      if current.is_active = active then
        update contact set next_deadline = next where id = target;
        return;
      end if;
      update contact set next_deadline = next, is_active = active where id = target;
      if current.is_active <> active then
        insert into history (entity, entity_id, action, changes, user_id)
        values ('contact', target, case when active then 'activate' else 'standby' end,
          jsonb_build_object('isActive', jsonb_build_object('from', current.is_active, 'to', active)),
          nullif(current_setting('bo.actor_id', true), '')::integer);
      end if;
    end $$`.execute(db);

  // A new contact has no todo yet: it starts en veille, whatever its writer said.
  await sql`
    create function contact_starts_standby() returns trigger language plpgsql as $$
    begin
      new.is_active := false;
      new.next_deadline := null;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger contact_starts_standby before insert on contact
    for each row when (new.is_active or new.next_deadline is not null) execute function contact_starts_standby()`.execute(
    db,
  );

  // A change of a contact: its state is its todos' (only the refresh above writes it), a merged contact changes no
  // more, an active contact moves only into an active company, and what a person edits counts a version.
  await sql`
    create function contact_guard() returns trigger language plpgsql as $$
    declare
      pending boolean;
      company_active boolean;
    begin
      if old.merged_into_id is not null and (new.is_active or new.merged_into_id is distinct from old.merged_into_id
        or ${row('new', contactEdited)} is distinct from ${row('old', contactEdited)}) then
        raise exception 'modelNotFound';
      end if;
      if new.is_active <> old.is_active then
        pending := exists (select 1 from todo where contact_id = new.id and is_active and not is_accomplished);
        if new.is_active and not pending then raise exception 'notAllowed'; end if;
        if not new.is_active and pending then raise exception 'cantDeactivateContactWithTodos'; end if;
      end if;
      if new.is_active and new.company_id is distinct from old.company_id and new.company_id is not null then
        select is_active into company_active from company where id = new.company_id for no key update;
        if not company_active then raise exception 'inactiveCompany'; end if;
      end if;
      if ${row('new', contactEdited)} is distinct from ${row('old', contactEdited)} then
        new.version := old.version + 1;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger contact_guard before update on contact for each row execute function contact_guard()`.execute(
    db,
  );

  // A company is deactivated without active contacts (their count is kept on its row, migration 0013) nor active
  // subsidiaries; an active company is under an active parent; what a person edits counts a version.
  await sql`
    create function company_guard() returns trigger language plpgsql as $$
    declare
      parent_active boolean;
    begin
      if tg_op = 'UPDATE' and old.is_active and not new.is_active then
        if old.active_contact_count > 0 then raise exception 'cantDeactivateCompanyWithContacts'; end if;
        if exists (select 1 from company where parent_id = new.id and is_active) then
          raise exception 'cantDeactivateCmpanyWithSubsidarie';
        end if;
      end if;
      if new.is_active and new.parent_id is not null
        and (tg_op = 'INSERT' or new.parent_id is distinct from old.parent_id or not old.is_active) then
        select is_active into parent_active from company where id = new.parent_id for no key update;
        if not parent_active then raise exception 'inactiveParentCompany'; end if;
      end if;
      if tg_op = 'UPDATE' and ${row('new', companyEdited)} is distinct from ${row('old', companyEdited)} then
        new.version := old.version + 1;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger company_guard before insert or update on company for each row execute function company_guard()`.execute(
    db,
  );

  // A merged contact leaves every list a cached answer shows.
  await sql`drop trigger contact_data_change on contact`.execute(db);
  await sql`
    create trigger contact_data_change after insert or delete or truncate or update of ${sql.join(contactShown.map((column) => sql.id(column)))} on contact
    for each statement execute function log_data_change()`.execute(db);
  // The name order's walk reads the merge from the index too (migration 0028).
  await sql`drop index contact_name_key_sort_idx`.execute(db);
  await sql`create index contact_name_key_sort_idx on contact (name_key, id) include (search_key, company_id, owner_id, is_active, merged_into_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_name_key_sort_idx`.execute(db);
  await sql`create index contact_name_key_sort_idx on contact (name_key, id) include (search_key, company_id, owner_id, is_active)`.execute(
    db,
  );
  await sql`drop trigger contact_data_change on contact`.execute(db);
  await sql`
    create trigger contact_data_change after insert or delete or truncate or update of ${sql.join(contactShown.slice(0, -1).map((column) => sql.id(column)))} on contact
    for each statement execute function log_data_change()`.execute(db);
  await sql`drop trigger company_guard on company`.execute(db);
  await sql`drop function company_guard()`.execute(db);
  await sql`drop trigger contact_guard on contact`.execute(db);
  await sql`drop function contact_guard()`.execute(db);
  await sql`drop trigger contact_starts_standby on contact`.execute(db);
  await sql`drop function contact_starts_standby()`.execute(db);
  await sql`
    create or replace function contact_refresh_next_deadline(target integer) returns void language plpgsql as $$
    declare
      next date;
    begin
      perform 1 from contact where id = target for no key update;
      select min(deadline) into next from todo where contact_id = target and is_active and not is_accomplished;
      update contact set next_deadline = next where id = target and next_deadline is distinct from next;
    end $$`.execute(db);
  await sql`alter table company drop column version`.execute(db);
  await sql`alter table contact alter column is_active drop default`.execute(db);
  await sql`alter table contact drop column version`.execute(db);
  await sql`alter table contact drop constraint contact_merged_not_self`.execute(db);
  await sql`alter table contact drop column merged_into_id`.execute(db);
}
