import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';

// A statement run on most requests, whose text never changes (its values are parameters) and whose plan does not
// depend on them, is prepared once per connection on PostgreSQL under a name, and its plan kept: the server neither
// parses nor plans it again on that connection. `prepared(name, query)` names a query and hands it back as it was,
// typed as it was; the PostgreSQL connection (engine.ts) asks `preparedNameOf` which name the text it runs has, if
// any. PGlite runs the text as any other. The text is read once, on the first use of its name: a statement whose
// text varies must have one name per form (`todo_pieces_pending_from`...), or it runs unprepared.

// Compiles the SQL templates as both engines do (the PostgreSQL compiler, no plugins), without a database.
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const nameOfText = new Map<string, string>();
const named = new Set<string>();

type Query = { compile(): CompiledQuery } | RawBuilder<unknown>;

const isRawBuilder = (query: Query): query is RawBuilder<unknown> => 'isRawBuilder' in query;
const textOf = (query: Query) => (isRawBuilder(query) ? query.compile(compiler) : query.compile()).sql;

export function prepared<Q extends Query>(name: string, query: Q): Q {
  if (named.has(name)) return query;
  if (!/^[a-z_]+$/.test(name)) throw new Error(`prepared statement name: ${name}`);
  const text = textOf(query);
  const other = nameOfText.get(text);
  if (other !== undefined && other !== name)
    throw new Error(`prepared statement ${name}: the same text is prepared as ${other}`);
  nameOfText.set(text, name);
  named.add(name);
  return query;
}

// The name a statement's text is prepared under, if any.
export function preparedNameOf(text: string): string | undefined {
  return nameOfText.get(text);
}
