import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Notifications (docs/notifications.md): what a user is told happened to their work. They are written by the
// database from the history every write records (who, what, to which record), so that a form, a reassignment of a
// selection, a merge, an import or a script are told alike; the morning's due todos by the API's daily round.
//
// One row per recipient and kind for what one transaction did: a selection of 40 contacts reassigned in one save is
// one notification counting 40, its record null (the count says how many). Nobody is told of their own change.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  // Which kinds a user wants, the hour of their daily digest and the browser's notifications
  // (notificationPreferencesSchema in shared/contracts; {} until they choose: every kind on).
  await sql`alter table app_user add column notification_preferences jsonb not null default '{}'::jsonb`.execute(db);

  await sql`
    create table notification (
      id bigint generated always as identity primary key,
      user_id integer not null references app_user (id) on delete cascade,
      kind text not null check (kind in ('todosDue', 'sheetAssigned', 'sheetStatus', 'contactAssigned', 'todoForMyContact')),
      -- The record it tells of (one only): a contact, a needs sheet or a todo; null for several, or the due todos.
      entity text check (entity in ('contact', 'needsSheet', 'todo')),
      entity_id integer,
      count integer not null default 1 check (count > 0),
      actor_id integer references app_user (id) on delete set null,
      -- What the record's row will not say later: a status as it was set, the due todos' counts.
      detail jsonb not null default '{}'::jsonb,
      -- The day (Europe/Paris) of a morning's due todos: one per user and day, whichever instance writes it.
      day date,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      check ((entity is null) = (entity_id is null))
    )`.execute(db);
  await sql`create index notification_user_newest on notification (user_id, id desc)`.execute(db);
  await sql`create index notification_user_unread on notification (user_id) where read_at is null`.execute(db);
  await sql`create unique index notification_due_once on notification (user_id, day) where kind = 'todosDue'`.execute(
    db,
  );
  await sql`create index notification_created_at on notification (created_at)`.execute(db);

  // Whether a user is told of a kind: an active user who has not turned it off.
  await sql`
    create function notification_wanted(recipient integer, wanted text) returns boolean language sql stable as $$
      select coalesce((select u.is_active and coalesce((u.notification_preferences -> 'kinds' ->> wanted)::boolean, true)
        from app_user u where u.id = recipient), false)
    $$`.execute(db);

  // Adds what a statement of history tells to the recipients' notifications: within one transaction, to the unread
  // one of the same kind and actor it already wrote, so that a loop of saves is one notification.
  await sql`
    create function notify_from_history() returns trigger language plpgsql as $$
    declare
      item record;
    begin
      for item in
        with told as (
          -- A contact given to another owner (a new contact is not "given"): its new owner.
          select (h.changes -> 'ownerId' ->> 'to')::integer as recipient, 'contactAssigned' as kind, 'contact' as entity,
            h.entity_id, h.user_id as actor, '{}'::jsonb as detail
          from new_rows h
          where h.entity = 'contact' and jsonb_typeof(h.changes -> 'ownerId' -> 'from') = 'number'
            and jsonb_typeof(h.changes -> 'ownerId' -> 'to') = 'number'
          union all
          -- A needs sheet whose owner is someone new (or a new sheet): that owner.
          select (h.changes -> 'ownerId' ->> 'to')::integer, 'sheetAssigned', 'needsSheet', h.entity_id, h.user_id, '{}'
          from new_rows h
          where h.entity = 'needsSheet' and jsonb_typeof(h.changes -> 'ownerId' -> 'to') = 'number'
          union all
          -- A needs sheet's recruiters (trigrams in the history): those added.
          select u.id, 'sheetAssigned', 'needsSheet', h.entity_id, h.user_id, '{}'
          from new_rows h
          cross join lateral unnest(string_to_array(h.changes -> 'recruiterIds' ->> 'to', ', ')) as added (trigram)
          join app_user u on u.trigram = added.trigram
          where h.entity = 'needsSheet' and h.changes ? 'recruiterIds'
            and not added.trigram = any (coalesce(string_to_array(h.changes -> 'recruiterIds' ->> 'from', ', '), '{}'))
          union all
          -- A needs sheet's new status: its owner and recruiters as they are now.
          select r.user_id, 'sheetStatus', 'needsSheet', h.entity_id, h.user_id,
            jsonb_build_object('status', h.changes -> 'status' -> 'to')
          from new_rows h
          join needs_sheet s on s.id = h.entity_id
          cross join lateral (
            select s.owner_id as user_id
            union select nr.user_id from needs_sheet_recruiter nr where nr.needs_sheet_id = s.id) r
          where h.entity = 'needsSheet' and h.action = 'status' and h.changes ? 'status'
          union all
          -- A todo created on a contact: the contact's owner.
          select c.owner_id, 'todoForMyContact', 'todo', h.entity_id, h.user_id, '{}'
          from new_rows h
          join todo t on t.id = h.entity_id
          join contact c on c.id = t.contact_id
          where h.entity = 'todo' and h.action = 'create'
        )
        select recipient, kind, actor, count(distinct (entity, entity_id)) as n, min(entity) as entity,
          min(entity_id) as entity_id, (array_agg(detail))[1] as detail
        from told
        where recipient is distinct from actor and notification_wanted(recipient, kind)
        group by recipient, kind, actor
      loop
        update notification n
        set count = case when n.entity = item.entity and n.entity_id = item.entity_id and item.n = 1 then n.count
            else n.count + item.n end,
          entity = case when n.entity = item.entity and n.entity_id = item.entity_id and item.n = 1 then n.entity end,
          entity_id = case when n.entity = item.entity and n.entity_id = item.entity_id and item.n = 1 then n.entity_id end,
          detail = item.detail
        where n.user_id = item.recipient and n.kind = item.kind and n.actor_id is not distinct from item.actor
          and n.created_at = now() and n.read_at is null;
        if not found then
          insert into notification (user_id, kind, entity, entity_id, count, actor_id, detail)
          values (item.recipient, item.kind, case when item.n = 1 then item.entity end,
            case when item.n = 1 then item.entity_id end, item.n, item.actor, item.detail);
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger history_notify after insert on history referencing new table as new_rows
    for each statement execute function notify_from_history()`.execute(db);

  // Live changes (migration 0036): a notification is told to its recipient alone, one per recipient.
  await sql`
    create function live_notification_change() returns trigger language plpgsql as $$
    declare
      item record;
    begin
      if tg_op = 'TRUNCATE' then
        perform live_notify('notification', 't', null, null, null, true);
        return null;
      end if;
      for item in execute format(
        'select user_id, count(*) as n, jsonb_agg(jsonb_build_array(id, null)) filter (where rn <= 51) as rows
         from (select *, row_number() over (partition by user_id) as rn from %I) x group by user_id',
        case when tg_op = 'DELETE' then 'old_rows' else 'new_rows' end)
      loop
        perform live_notify('notification', lower(left(tg_op, 1)), item.n, item.rows, item.user_id, true);
      end loop;
      return null;
    end $$`.execute(db);
  for (const [op, referencing] of ops) {
    await sql`
      create trigger ${sql.id(`notification_live_${op}`)} after ${sql.raw(op)} on notification
      ${sql.raw(referencing)} for each statement execute function live_notification_change()`.execute(db);
  }
  await sql`
    create trigger notification_live_truncate after truncate on notification
    for each statement execute function live_notification_change()`.execute(db);
}

const ops = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  await sql`drop trigger history_notify on history`.execute(db);
  await sql`drop function notify_from_history()`.execute(db);
  await sql`drop function notification_wanted(integer, text)`.execute(db);
  await sql`drop table notification`.execute(db);
  await sql`drop function live_notification_change()`.execute(db);
  await sql`alter table app_user drop column notification_preferences`.execute(db);
}
