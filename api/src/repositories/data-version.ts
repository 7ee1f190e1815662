import { sql } from 'kysely';

// JSON text built by the database, with the data version of the snapshot it was built in.
export type VersionedJson = { json: string; version: string };

// The data version as a column of a query: read in the same snapshot as the rest of that query's answer.
export const dataVersionColumn = sql<string>`(select version::text from data_version)`;
