import { sql, type RawBuilder } from 'kysely';

// A statement that opens with `/* prepared:<name> */` is prepared once per connection under that name, and its plan
// kept (engine.ts): PostgreSQL neither parses nor plans it again on that connection. For a statement run on most
// requests whose text never changes (its values are parameters) and whose plan does not depend on them; `select`
// builders take the mark through modifyFront. On PGlite it stays a comment.
const MARK = /^\s*(?:select\s+)?\/\* prepared:([a-z_]+) \*\//;

export function prepared(name: string): RawBuilder<unknown> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`prepared statement name: ${name}`);
  return sql.raw(`/* prepared:${name} */`);
}

// The name a statement's text asks to be prepared under, if any.
export function preparedName(text: string): string | undefined {
  return MARK.exec(text)?.[1];
}
