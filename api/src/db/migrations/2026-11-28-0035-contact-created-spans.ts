import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Contacts created (a form, an import, a seed): their figures of the statistics' days (migration 0034) written
// straight from the new rows. A contact's history is written after it, so a new contact has no isActive change yet:
// en veille when created inactive, from its creation on. Computing its spans from its history (what 0034's trigger
// did for every created contact) is kept for the rare id whose history holds such a change already.
export async function up(db: Kysely<any>): Promise<void> {
  // An earlier migration's writes may leave deferred checks queued on contact (see migration 0032).
  await sql`set constraints all immediate`.execute(db);
  await sql`
    create function report_day_contacts_created() returns trigger language plpgsql as $$
    declare
      changes jsonb;
      told integer[];
    begin
      select array_agg(n.id) into told from new_rows n
      where exists (select 1 from history h where h.entity = 'contact' and h.entity_id = n.id and h.changes ? 'isActive');
      with fresh as (
        insert into contact_standby_span (contact_id, owner_id, starts, ends)
        select id, owner_id, created_at, 'infinity' from new_rows
        where not is_active and not (id = any(coalesce(told, '{}')))
        returning contact_id
      )
      select jsonb_agg(jsonb_build_object('day', day, 'owner_id', owner_id, 'created', created, 'done', 0, 'standby', standby))
      into changes from (
        select (created_at at time zone 'Europe/Paris')::date as day, owner_id, count(*) as created,
          count(*) filter (where id in (select contact_id from fresh)) as standby
        from new_rows group by 1, 2
      ) as days;
      perform report_day_add(changes);
      if told is not null then perform contact_standby_refresh(told); end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger contact_report_day_insert on contact`.execute(db);
  await sql`
    create trigger contact_report_day_insert after insert on contact
    referencing new table as new_rows for each statement execute function report_day_contacts_created()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  await sql`drop trigger contact_report_day_insert on contact`.execute(db);
  await sql`
    create trigger contact_report_day_insert after insert on contact
    referencing new table as new_rows for each statement execute function report_day_contacts()`.execute(db);
  await sql`drop function report_day_contacts_created()`.execute(db);
}
