import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The daily digest by e-mail (docs/notifications.md): one row per user and day, claimed by the instance that sends it,
// so that several instances send it once; kept with its outcome (sent, nothing to tell, failed and how often).
// `unsubscribe_token`: the secret of the link that turns the digest off without logging in.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table digest_send (
      user_id integer not null references app_user (id) on delete cascade,
      day date not null,
      state text not null check (state in ('sending', 'sent', 'empty', 'failed')),
      attempts integer not null default 1,
      claimed_at timestamptz not null default now(),
      sent_at timestamptz,
      error text,
      primary key (user_id, day)
    )`.execute(db);
  await sql`alter table app_user add column unsubscribe_token text unique`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table app_user drop column unsubscribe_token`.execute(db);
  await sql`drop table digest_send`.execute(db);
}
