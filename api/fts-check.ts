import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
const db = new PGlite({ extensions: { unaccent } });
await db.exec(`create extension if not exists unaccent; create text search configuration bo_french (copy = french); alter text search configuration bo_french alter mapping for hword, hword_part, word with unaccent, french_stem;`);
const opts = `StartSel=\u0002, StopSel=\u0003, MaxWords=25, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
for (const text of ['Développeuse React', 'TypeScript, Kafka', 'Interface <b>accessible</b> des commandes']) {
  console.log('try', text);
  const r2 = await db.query(`select ts_headline('bo_french', $2, websearch_to_tsquery('bo_french', 'accessible'), $1) as h`, [opts, text]);
  console.log(JSON.stringify(r2.rows));
}
