import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Each word of a sheet's search vector with the rank a one-word search gives the sheet (ts_rank of the vector
// against that word alone), kept by triggers beside the vector. A one-word search then reads its best sheets along
// an index, in rank order, and stops at the page: ranking every match read each matching sheet (10 000 sheets and
// 4 400 pages for "données"). A search of several words still ranks its matches with ts_rank.
// The word becomes a one-word query as the text form of a tsquery: quoted, its quotes and backslashes doubled.
const oneWordQuery = (lexeme: string) =>
  `('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table needs_sheet_term (
      lexeme text not null,
      needs_sheet_id integer not null references needs_sheet (id) on delete cascade,
      rank real not null
    )`.execute(db);
  // Derived from the vector, with no key of its own: read by word in rank order, replaced by sheet.
  await sql`create index needs_sheet_term_rank_idx on needs_sheet_term (lexeme, rank desc, needs_sheet_id desc)`.execute(
    db,
  );
  await sql`create index needs_sheet_term_sheet_idx on needs_sheet_term (needs_sheet_id)`.execute(db);
  await sql`
    create function needs_sheet_terms() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from needs_sheet_term where needs_sheet_id = new.id;
      end if;
      insert into needs_sheet_term (lexeme, needs_sheet_id, rank)
      select u.lexeme, new.id, ts_rank(new.search_vector, ${sql.raw(oneWordQuery('u.lexeme'))})
      from unnest(new.search_vector) as u;
      return null;
    end $$`.execute(db);
  await sql`create trigger needs_sheet_terms_insert after insert on needs_sheet for each row execute function needs_sheet_terms()`.execute(
    db,
  );
  await sql`
    create trigger needs_sheet_terms_update after update of title, description, skills, nice_to_have on needs_sheet
    for each row when (old.search_vector is distinct from new.search_vector) execute function needs_sheet_terms()`.execute(
    db,
  );
  await sql`
    insert into needs_sheet_term (lexeme, needs_sheet_id, rank)
    select u.lexeme, s.id, ts_rank(s.search_vector, ${sql.raw(oneWordQuery('u.lexeme'))})
    from needs_sheet as s cross join lateral unnest(s.search_vector) as u`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger needs_sheet_terms_update on needs_sheet`.execute(db);
  await sql`drop trigger needs_sheet_terms_insert on needs_sheet`.execute(db);
  await sql`drop function needs_sheet_terms()`.execute(db);
  await sql`drop table needs_sheet_term`.execute(db);
}
