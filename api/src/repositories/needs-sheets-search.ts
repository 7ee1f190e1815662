import { escapeHtml, type ListPage, type NeedsSheetSearchItem } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Actor } from '../domain/actor';
import { withoutStopWords } from '../domain/search-stop-words';
import type { createListTotals } from '../freshness/list-totals';
import { createLru } from '../freshness/lru';
import { conditions, countedTables, sheetsFrom, totalKey, type NeedsSheetFilters } from './needs-sheets-filters';
import { joins, listColumns, toListItem, type ListRow } from './needs-sheets-rows';

// The snippets' marks: control characters no text holds, turned into <mark> once the text around them is escaped.
const MARK_START = '\u0002';
const MARK_END = '\u0003';
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=25, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
export function toHighlight(snippet: string): string {
  return escapeHtml(snippet).split(MARK_START).join('<mark>').split(MARK_END).join('</mark>');
}

// The word of a one-word query, from the query's text form ('donne': quoted, its quotes and backslashes doubled);
// undefined for any other form.
export function oneWord(queryText: string): string | undefined {
  const quoted = /^'((?:[^'\\]|''|\\\\)*)'$/.exec(queryText);
  return quoted?.[1].replace(/''/g, "'").replace(/\\\\/g, '\\');
}

// How many searches an instance keeps parsed: a few hundred kilobytes.
const KEPT_PARSES = 2000;

// A search's text as a full-text query of the sheets' French configuration.
const tsQuery = (text: string) => sql`websearch_to_tsquery('bo_french', ${text})`;
type ParsedSearch = { nodes: number; text: string };

// The name the page's statement is prepared under: one per form of its text, which the filters set (which are
// given, the scope, and the yes or no of `open` and `late`, written in the text) with the way it ranks (one word or
// several).
export function pageStatementName(oneWord: boolean, filters: NeedsSheetFilters): string {
  const given = Object.entries(filters)
    .filter(([name, value]) => name !== 'scope' && value !== undefined)
    .map(([name, value]) => `${name.toLowerCase()}${typeof value === 'boolean' ? (value ? '_yes' : '_no') : ''}`)
    .sort();
  return ['needs_search_page', oneWord ? 'word' : 'words', filters.scope, ...given].join('_');
}

// The needs sheets' full-text search, beside the list (`totals`: the list's counts, which the search's share).
export function createNeedsSheetSearch(
  db: Db,
  totals: ReturnType<typeof createListTotals>,
  businessToday: () => string,
) {
  const parses = createLru<string, ParsedSearch>(KEPT_PARSES);

  // A search's text as the sheets' French configuration reads it: how many words and operators, and the query as
  // text. The same text always reads the same way (the configuration changes only with a migration, and so with a
  // new deployment): an instance keeps what it parsed, and a search paged through or typed again asks nothing.
  async function parseSearch(text: string): Promise<ParsedSearch> {
    const known = parses.get(text);
    if (known !== undefined) return known;
    const query = tsQuery(text);
    const { rows } = await prepared(
      'needs_search_terms',
      sql<ParsedSearch>`select numnode(${query}) as nodes, ${query}::text as text`,
    ).execute(db);
    const parsed = { nodes: Number(rows[0].nodes), text: rows[0].text };
    parses.set(text, parsed);
    return parsed;
  }

  // Full text: the query parsed with the sheets' French configuration; stop words or punctuation alone match
  // nothing and answer an empty page.
  return async function search(
    actor: Actor,
    typed: string,
    filters: NeedsSheetFilters,
    page: number,
    perPage: number,
  ): Promise<ListPage<NeedsSheetSearchItem>> {
    const today = businessToday();
    const text = withoutStopWords(typed);
    const parsed = await parseSearch(text);
    if (parsed.nodes === 0) return { items: [], total: 0 };
    // The query as the tsquery it parsed to (its text form reads back the same): a parameter of the statement,
    // which a plan kept for the statement's form uses as it is, where a plan kept with websearch_to_tsquery on a
    // parameter parsed the query again for every match it ranked.
    const parsedQuery = sql`${parsed.text}::tsquery`;
    const where = sql`s.search_vector @@ q.query and ${conditions(actor, undefined, filters, today)}`;
    const word = parsed.nodes === 1 ? oneWord(parsed.text) : undefined;
    // The page's sheets ranked among every match. One word: read in rank order from the sheets' words
    // (migration 0027), each sheet checked against the filters, until the page is full. Several: every match
    // ranked in one pass (a top-N sort). The page's columns and snippets are built for its sheets only, in the same
    // statement, beside the version of what the count reads: one round trip when the count kept is still the
    // total. The statement is prepared for each form of the filters (pageStatementName) so that its joins are not
    // planned again on every page. The number of matches is counted again only when the sheets changed (counted
    // with a window, it made every match's row, search vector included, go through a buffer that spilled to disk).
    //
    // The page's bounds as subqueries: unknown to any plan, so that a plan kept for the statement's form costs what a
    // plan made for the values would, and PostgreSQL keeps it (with the values seen, it planned every page again).
    const pageLimits = sql`limit (select ${perPage}::integer) offset (select ${(page - 1) * perPage}::integer)`;
    const ranking =
      word === undefined
        ? sql`
            with q as (select ${parsedQuery} as query)
            select s.id, ts_rank(s.search_vector, q.query) as rank
            from ${sheetsFrom(undefined)}, q where ${where}
            order by rank desc, s.id desc
            ${pageLimits}`
        : sql`
            select t.needs_sheet_id as id, t.rank
            from needs_sheet_term t join needs_sheet s on s.id = t.needs_sheet_id
            where t.lexeme = ${word} and ${conditions(actor, undefined, filters, today, true)}
            order by t.rank desc, t.needs_sheet_id desc
            ${pageLimits}`;
    const key = totalKey('needsSearch', actor, text, filters, today);
    const tables = countedTables(undefined, filters);
    type PageRow = ListRow & {
      rank: number;
      version: string;
      h_title: string;
      h_skills: string;
      h_description: string;
    };
    const { rows } = await prepared(
      pageStatementName(word !== undefined, filters),
      sql<PageRow>`
        select ${listColumns}, p.rank, ${totals.version(tables)} as version,
          ts_headline('bo_french', s.title, ${parsedQuery}, ${headlineOptions}) as h_title,
          ts_headline('bo_french', array_to_string(s.skills || s.nice_to_have, ', '), ${parsedQuery}, ${headlineOptions}) as h_skills,
          ts_headline('bo_french', s.description, ${parsedQuery}, ${headlineOptions}) as h_description
        from (${ranking}) p join (${joins}) on s.id = p.id
        order by p.rank desc, p.id desc`,
    ).execute(db);
    // An empty page (past the last one, or no match) says no version: the count's own statement then.
    const total =
      (rows.length === 0 ? undefined : totals.kept(key, rows[0].version)) ??
      (await totals.total(
        db,
        key,
        tables,
        sql`with q as (select ${parsedQuery} as query) select count(*) from ${sheetsFrom(undefined)}, q where ${where}`,
      ));
    return {
      items: rows.map((row) => ({
        ...toListItem(row, today),
        rank: Number(row.rank),
        highlights: [row.h_title, row.h_skills, row.h_description]
          .filter((snippet) => snippet.includes(MARK_START))
          .map(toHighlight),
      })),
      total,
    };
  };
}
