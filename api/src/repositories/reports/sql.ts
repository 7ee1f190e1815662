import { sql, type RawBuilder } from 'kysely';
import { fold } from '../mapping';

// The SQL pieces the reports share: conditions joined, the firm's business time, whose rows a report reads, and
// a contact found by its name.

// Conditions (or any parts) joined by a separator.
export const joined = (parts: RawBuilder<unknown>[], separator: string) => sql.join(parts, sql.raw(separator));

// A calendar day's first instant in Paris, and the Paris day an instant falls on: the business time of the firm.
export const parisDay = (instant: RawBuilder<unknown>) => sql`(${instant} at time zone 'Europe/Paris')::date`;
export const parisMidnight = (day: RawBuilder<unknown>) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;
export const iso = (instant: RawBuilder<unknown>) =>
  sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Whose todos and contacts a report shows: an admin everyone's, a leader their own and their team's.
export type ReportScope = { kind: 'all' } | { kind: 'team'; leaderId: number };
export const inScope = (scope: ReportScope, userColumn: RawBuilder<unknown>) =>
  scope.kind === 'all'
    ? sql`true`
    : sql`${userColumn} in (select id from app_user where id = ${scope.leaderId} or leader_id = ${scope.leaderId})`;

// A contact found by its name: the trigram index of its search key (names, e-mail, phone) finds the candidates,
// its folded names decide (a search for a company's name does not bring every contact of its e-mail domain).
export const contactNameMatch = (pattern: RawBuilder<string>) =>
  sql`k.search_key like ${pattern} and ${fold(sql`k.first_name || ' ' || k.last_name`)} like ${pattern}`;
