import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  can,
  withLuhnCheckDigit,
  type Company,
  type Contact,
  type Envelope,
  type NeedsSheet,
  type NeedsSheetStatus,
  type RoleFlags,
} from '@bo/contracts/all';
import * as fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { openSeededSuite, type SeededSuite } from '../test/fixtures';
import { call, createTestApp, testEngines, type Answer, type CallOptions } from '../test/harness';

// A model-based test of the data rules: random sequences of operations by random users of every role, sent through
// the real API to two app instances on one database in turn, and after each step the rules of docs/data-rules.md
// checked against the database. A failing sequence is shrunk and printed with its seed and path, to be replayed with
// MODEL_SEED and MODEL_PATH.

// npm test: a fixed seed and as many runs as take about half a minute per engine; MODEL_RUNS=<n> explores further.
const RUNS = Number(process.env.MODEL_RUNS ?? 60);
const SEED = Number(process.env.MODEL_SEED ?? 20261127);
const PATH = process.env.MODEL_PATH;
const MAX_STEPS = 30;

// --- Operations ---

const actors = ['ADM', 'DIR', 'DIB', 'COM', 'COB', 'REC'] as const;
type Actor = (typeof actors)[number];
// OFF is a deactivated user: never a valid owner.
const owners = [...actors, 'OFF'] as const;
type Owner = (typeof owners)[number];
type Via = 'A' | 'B';
// A record among those that exist when the step runs (its index, modulo their number), or an id that exists nowhere.
type Pick = number | 'missing';
type TaskName = 'call' | 'mail' | 'retired' | 'missing';
// `id`: the file's own id column naming an existing contact (then the row takes its names, as an export would have).
type ImportRow = { name: number; email: number | null; company: Pick | null; owner: Owner | null; id: Pick | null };

type Operation =
  | {
      op: 'createCompany';
      by: Actor;
      via: Via;
      name: number;
      siret: number;
      parent: Pick | null;
      owner: Owner;
      active: boolean;
    }
  | {
      op: 'updateCompany';
      by: Actor;
      via: Via;
      company: Pick;
      rename: number | null;
      parent: Pick | null | 'same';
      owner: Owner | 'same';
      active: 'same' | 'off' | 'on';
      stale: boolean;
    }
  | {
      op: 'createContact';
      by: Actor;
      via: Via;
      name: number;
      email: number | null;
      company: Pick | null;
      owner: Owner;
      sendActive: boolean;
    }
  | {
      op: 'updateContact';
      by: Actor;
      via: Via;
      contact: Pick;
      rename: number | null;
      email: number | null | 'same';
      company: Pick | null | 'same';
      owner: Owner | 'same';
      isActive: 'omit' | 'same' | 'flip';
      stale: boolean;
    }
  | { op: 'addTodo'; by: Actor; via: Via; contact: Pick; task: TaskName; deadline: string }
  | {
      op: 'accomplishTodo';
      by: Actor;
      via: Via;
      pendingOnly: boolean;
      todo: Pick;
      followUp: TaskName | null;
      deadline: string;
    }
  | { op: 'reassign'; by: Actor; via: Via; contacts: Pick[]; owner: Owner }
  | {
      op: 'merge';
      by: Actor;
      via: Via;
      kept: Pick;
      duplicate: Pick;
      fieldsOf: 'kept' | 'duplicate';
      owner: Owner | 'kept';
      stale: 'none' | 'kept' | 'duplicate';
    }
  | { op: 'importContacts'; by: Actor; via: Via; rows: ImportRow[]; onExisting: 'skip' | 'update' }
  // 'latest': the latest import, undone by the user who made it (then `by` is theirs).
  | { op: 'undoImport'; by: Actor; via: Via; batch: Pick | 'latest' }
  | { op: 'changeStatus'; by: Actor; via: Via; sheet: Pick; status: Pick; comment: boolean; stale: boolean };

const pick: fc.Arbitrary<Pick> = fc.oneof(
  { weight: 12, arbitrary: fc.nat(60) },
  { weight: 1, arbitrary: fc.constant('missing' as const) },
);
const by = fc.constantFrom(...actors);
const via = fc.constantFrom<Via>('A', 'B');
const owner = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...actors) },
  { weight: 1, arbitrary: fc.constant('OFF' as const) },
);
// Few names and e-mails: they meet again (existingName, existingEmail, an import's duplicates).
const nameNumber = fc.nat(15);
const emailNumber = fc.nat(10);
const task = fc.constantFrom<TaskName>('call', 'call', 'mail', 'retired', 'missing');
const deadline = fc.constantFrom('2026-03-01', '2026-06-15', '2027-01-10');
const orSame = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant('same' as const) }, { weight: 1, arbitrary });
// True now and then.
const rarely = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
// A value, or null (weights: value against null).
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight = 1, nullWeight = 1) =>
  fc.oneof({ weight, arbitrary }, { weight: nullWeight, arbitrary: fc.constant(null) });

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('createCompany' as const),
      by,
      via,
      name: nameNumber,
      siret: fc.nat(15),
      parent: fc.oneof(fc.constant(null), pick),
      owner,
      active: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('updateCompany' as const),
      by,
      via,
      company: pick,
      rename: sometimes(nameNumber, 1, 3),
      parent: fc.oneof(
        { weight: 4, arbitrary: fc.constant('same' as const) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: pick },
      ),
      owner: orSame(owner),
      active: fc.constantFrom(
        'same' as const,
        'same' as const,
        'same' as const,
        'off' as const,
        'off' as const,
        'on' as const,
      ),
      stale: rarely,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('createContact' as const),
      by,
      via,
      name: nameNumber,
      email: sometimes(emailNumber),
      company: sometimes(pick, 3),
      owner,
      sendActive: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('updateContact' as const),
      by,
      via,
      contact: pick,
      rename: sometimes(nameNumber, 1, 3),
      email: orSame(sometimes(emailNumber)),
      company: orSame(sometimes(pick, 3)),
      owner: orSame(owner),
      isActive: fc.constantFrom('omit' as const, 'omit' as const, 'omit' as const, 'same' as const, 'flip' as const),
      stale: rarely,
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('addTodo' as const), by, via, contact: pick, task, deadline }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('accomplishTodo' as const),
      by,
      via,
      pendingOnly: rarely.map((value) => !value),
      todo: pick,
      followUp: sometimes(task),
      deadline,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('reassign' as const),
      by,
      via,
      contacts: fc.array(pick, { minLength: 1, maxLength: 3 }),
      owner,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('merge' as const),
      by,
      via,
      kept: pick,
      duplicate: pick,
      fieldsOf: fc.constantFrom('kept' as const, 'duplicate' as const),
      owner: orSame(owner).map((value) => (value === 'same' ? ('kept' as const) : value)),
      stale: fc.constantFrom('none' as const, 'none' as const, 'kept' as const, 'duplicate' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('importContacts' as const),
      by,
      via,
      rows: fc.array(
        fc.record({
          name: nameNumber,
          email: sometimes(emailNumber, 3),
          company: sometimes(pick),
          owner: sometimes(owner),
          id: sometimes(pick, 1, 3),
        }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      onExisting: fc.constantFrom('skip' as const, 'update' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('undoImport' as const),
      by,
      via,
      batch: fc.oneof({ weight: 3, arbitrary: fc.constant('latest' as const) }, { weight: 1, arbitrary: pick }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('changeStatus' as const),
      by,
      via,
      sheet: pick,
      status: pick,
      comment: fc.boolean(),
      stale: rarely,
    }),
  },
);

// --- The database as the rules see it ---

type CompanyFact = {
  id: number;
  parentId: number | null;
  isActive: boolean;
  ownerId: number;
  version: number;
  registrationId: string;
  tracked: string;
  whole: string;
};
type ContactFact = {
  id: number;
  title: string;
  firstName: string;
  lastName: string;
  email: string | null;
  companyId: number | null;
  ownerId: number;
  isActive: boolean;
  mergedIntoId: number | null;
  version: number;
  tracked: string;
  whole: string;
};
type TodoFact = { id: number; contactId: number; pending: boolean; tracked: string; whole: string };
type State = {
  companies: CompanyFact[];
  contacts: ContactFact[];
  todos: TodoFact[];
  // A sheet's version, once sheets have one.
  sheets: { id: number; version: number | null; whole: string }[];
  statuses: number[];
  batches: { id: number; userId: number }[];
  historyMax: number;
  // Everything a refused call must leave as it was.
  fingerprint: string;
};

// `tracked`: what a history entry must follow (the edited fields, the state, the merge, the version), leaving out
// what the database derives (next deadline, counts). `whole`: the row.
async function observe(db: Db): Promise<State> {
  const companies = await sql<CompanyFact>`
    select id, parent_id as "parentId", is_active as "isActive", owner_id as "ownerId", version, registration_id as "registrationId",
      md5(row(name, registration_id, parent_id, address, postal_code, city, phone, website, sector, owner_id, is_active, version)::text) as tracked,
      md5(c::text) as whole
    from company c order by id`.execute(db);
  const contacts = await sql<ContactFact>`
    select id, title, first_name as "firstName", last_name as "lastName", email, company_id as "companyId", owner_id as "ownerId", is_active as "isActive",
      merged_into_id as "mergedIntoId", version,
      md5(row(title, first_name, last_name, job_title, email, phone, company_id, owner_id, is_active, merged_into_id, version)::text) as tracked,
      md5(c::text) as whole
    from contact c order by id`.execute(db);
  const todos = await sql<TodoFact>`
    select id, contact_id as "contactId", is_active and not is_accomplished as pending,
      md5(row(task_id, owner_id, deadline, notes, comment, is_accomplished, is_active, execution_date, replacement_id)::text) as tracked,
      md5(t::text) as whole
    from todo t order by id`.execute(db);
  const sheets = await sql<{ id: number; version: number | null; whole: string }>`
    select id, (to_jsonb(s) ->> 'version')::integer as version, md5(s::text) as whole from needs_sheet s order by id`.execute(
    db,
  );
  const statuses = await sql<{ id: number }>`select id from needs_sheet_status order by id`.execute(db);
  const batches = await sql<{
    id: number;
    userId: number;
    whole: string;
  }>`select id, user_id as "userId", md5(b::text) as whole from import_batch b order by id`.execute(db);
  const counts = await sql<{
    history_max: string;
    history: string;
    items: string;
    status_changes: string;
    recruiters: string;
  }>`
    select (select coalesce(max(id), 0) from history) as history_max, (select count(*) from history) as history,
      (select count(*) from import_item) as items, (select count(*) from needs_sheet_status_change) as status_changes,
      (select count(*) from needs_sheet_recruiter) as recruiters`.execute(db);
  const fingerprint = createHash('md5')
    .update(JSON.stringify([companies.rows, contacts.rows, todos.rows, sheets.rows, batches.rows, counts.rows[0]]))
    .digest('hex');
  return {
    companies: companies.rows,
    contacts: contacts.rows,
    todos: todos.rows,
    sheets: sheets.rows,
    statuses: statuses.rows.map((row) => row.id),
    batches: batches.rows.map((row) => ({ id: row.id, userId: row.userId })),
    historyMax: Number(counts.rows[0].history_max),
    fingerprint,
  };
}

// --- Each run from the same start ---

// The data after the setup, copied aside once; each run puts it back (rows and sequences, the triggers asleep),
// so that a run, its shrinking and its replay start from the same database, ids included.
type Baseline = { tables: { name: string; columns: string[] }[]; sequences: { name: string; last: string | null }[] };

async function keepBaseline(db: Db): Promise<Baseline> {
  const { rows: names } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely%' order by 1`.execute(
    db,
  );
  await sql`create schema model_baseline`.execute(db);
  const tables: Baseline['tables'] = [];
  for (const { name } of names) {
    // Generated columns are computed again as the rows go back.
    const { rows } = await sql<{ column: string }>`
      select column_name as column from information_schema.columns
      where table_schema = current_schema() and table_name = ${name} and is_generated = 'NEVER' order by ordinal_position`.execute(
      db,
    );
    await sql`create table ${sql.id('model_baseline', name)} as select * from ${sql.table(name)}`.execute(db);
    tables.push({ name, columns: rows.map((row) => row.column) });
  }
  const { rows: sequences } = await sql<{ name: string; last: string | null }>`
    select sequencename as name, last_value::text as last from pg_sequences where schemaname = current_schema()`.execute(
    db,
  );
  return { tables, sequences };
}

async function restoreBaseline(db: Db, baseline: Baseline): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The rows go back as they were: no trigger, no foreign key check, no change log.
    await sql`set local session_replication_role = replica`.execute(trx);
    // Deleted rather than truncated: a truncate of twenty tables costs PostgreSQL half a second.
    for (const { name } of baseline.tables) await sql`delete from ${sql.table(name)}`.execute(trx);
    for (const { name, columns } of baseline.tables) {
      const list = sql.join(columns.map((column) => sql.id(column)));
      await sql`insert into ${sql.table(name)} (${list}) overriding system value select ${list} from ${sql.id('model_baseline', name)}`.execute(
        trx,
      );
    }
    for (const { name, last } of baseline.sequences) {
      await sql`select setval(${name}::regclass, ${last ?? '1'}::bigint, ${last !== null})`.execute(trx);
    }
  });
}

// --- A run ---

type World = {
  db: Db;
  // The second instance's connection (PostgreSQL), or the same PGlite.
  second: Db;
  baseline: Baseline;
  tokens: Record<Actor, string>;
  users: Record<Owner, { id: number; trigram: Owner; role: RoleFlags }>;
  tasks: Record<Exclude<TaskName, 'missing'>, number>;
};

type Run = { world: World; apps: Record<Via, FastifyInstance>; trace: string[] };

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
// An id no record has.
const MISSING_ID = 999_999;
const idOf = (ids: readonly number[], choice: Pick): number =>
  choice === 'missing' || ids.length === 0 ? MISSING_ID : ids[choice % ids.length];
const siret = (n: number) => withLuhnCheckDigit(String(6_100_000_000_000 + n));
const companyName = (n: number) => `Société modèle ${n}`;
const email = (n: number) => `modele${n}@example.fr`;
const otherVia = (via: Via): Via => (via === 'A' ? 'B' : 'A');
// A version other than the one read: an older one when there is one.
const staleOf = (version: number) => (version > 1 ? version - 1 : version + 1);
const errorOf = (answer: Answer) => answer.body.errors?.[0]?.message;
const accepted = (answer: Answer) => answer.status >= 200 && answer.status < 300;

function shorten(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// A broken rule; `step`: the step it broke at (1-based), the operations after it never ran.
class RuleBroken extends Error {
  constructor(
    message: string,
    readonly step?: number,
  ) {
    super(message);
  }
}

async function send(
  run: Run,
  actor: Actor,
  via: Via,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await call(run.apps[via], method, url, { token: run.world.tokens[actor], ...options });
  } catch (error) {
    throw new RuleBroken(`${method} ${url} gave no JSON answer: ${String(error)}`);
  }
  return noted(run, actor, via, method, url, options.fields ?? options.query, answer);
}

function noted(
  run: Run,
  actor: Actor,
  via: Via,
  method: string,
  url: string,
  payload: unknown,
  answer: Answer,
): Answer {
  const code = errorOf(answer);
  run.trace.push(
    `     ${actor} on ${via}: ${method} ${url}${payload === undefined ? '' : ` ${shorten(payload)}`} -> ${answer.status}${code === undefined ? '' : ` ${code}`}`,
  );
  // No answer is ever a 5xx.
  if (answer.status >= 500)
    throw new RuleBroken(`a ${answer.status} answer to ${method} ${url}: ${JSON.stringify(answer.body)}`);
  return answer;
}

// A CSV file posted as the browser does.
async function upload(
  run: Run,
  actor: Actor,
  via: Via,
  url: string,
  csv: string,
  fields: Record<string, string>,
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'import.csv');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await run.apps[via].inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      authorization: run.world.tokens[actor],
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  const answer: Answer = {
    status: response.statusCode,
    body: response.json<Envelope<unknown>>(),
    headers: response.headers,
    token: undefined,
  };
  return noted(run, actor, via, 'POST', url, { csv, ...fields }, answer);
}

// The versions a write sent, to hold it to the stored ones.
type SentVersion = { table: 'company' | 'contact' | 'needs_sheet'; id: number; version: number };
// `actor`: who sent the write, when not the operation's `by`.
type Outcome = { answer: Answer; versions: SentVersion[]; actor?: Actor };

async function perform(run: Run, op: Operation, state: State): Promise<Outcome> {
  const { users, tasks } = run.world;
  const companyIds = state.companies.map((company) => company.id);
  const contactIds = state.contacts.map((contact) => contact.id);
  const read = otherVia(op.via);
  const taskId = (name: TaskName) => (name === 'missing' ? MISSING_ID : tasks[name]);
  const post = (url: string, fields: Record<string, unknown>) => send(run, op.by, op.via, 'POST', url, { fields });
  switch (op.op) {
    case 'createCompany': {
      const fields = {
        name: companyName(op.name),
        registrationId: siret(op.siret),
        parentId: op.parent === null ? null : idOf(companyIds, op.parent),
        city: 'Lyon',
        ownerId: users[op.owner].id,
        isActive: op.active,
      };
      return { answer: await post('/company/store', fields), versions: [] };
    }
    case 'updateCompany': {
      const id = idOf(companyIds, op.company);
      // Read first, as the panel does (from the other instance).
      const found = await send(run, op.by, read, 'GET', `/company/${id}`);
      const current = found.status === 200 ? (found.body.data as Company) : undefined;
      const version = current?.version ?? 1;
      const sent = op.stale ? staleOf(version) : version;
      const fields = {
        name: op.rename === null ? (current?.name ?? companyName(99)) : companyName(op.rename),
        registrationId: current?.registrationId ?? siret(99),
        parentId:
          op.parent === 'same' ? (current?.parentId ?? null) : op.parent === null ? null : idOf(companyIds, op.parent),
        address: current?.address ?? null,
        postalCode: current?.postalCode ?? null,
        city: current?.city ?? null,
        phone: current?.phone ?? null,
        website: current?.website ?? null,
        sector: current?.sector ?? null,
        ownerId: op.owner === 'same' ? (current?.ownerId ?? users.ADM.id) : users[op.owner].id,
        isActive: op.active === 'same' ? (current?.isActive ?? true) : op.active === 'on',
        version: sent,
      };
      return {
        answer: await post(`/company/${id}/store`, fields),
        versions: [{ table: 'company', id, version: sent }],
      };
    }
    case 'createContact': {
      const fields = {
        title: op.name % 2 === 0 ? 'madam' : 'mister',
        firstName: `Prénom${op.name}`,
        lastName: `Modèle${op.name}`,
        email: op.email === null ? null : email(op.email),
        companyId: op.company === null ? null : idOf(companyIds, op.company),
        ownerId: users[op.owner].id,
        // A new contact starts en veille whatever this says.
        ...(op.sendActive ? { isActive: true } : {}),
      };
      return { answer: await post('/contact/store', fields), versions: [] };
    }
    case 'updateContact': {
      const id = idOf(contactIds, op.contact);
      const found = await send(run, op.by, read, 'GET', `/contact/${id}`);
      const current = found.status === 200 ? (found.body.data as Contact) : undefined;
      const version = current?.version ?? 1;
      const sent = op.stale ? staleOf(version) : version;
      const isActive = current?.isActive ?? false;
      const fields = {
        title: current?.title ?? 'madam',
        firstName: op.rename === null ? (current?.firstName ?? 'Inconnue') : `Prénom${op.rename}`,
        lastName: op.rename === null ? (current?.lastName ?? 'Inconnue') : `Modèle${op.rename}`,
        jobTitle: current?.jobTitle ?? null,
        email: op.email === 'same' ? (current?.email ?? null) : op.email === null ? null : email(op.email),
        phone: current?.phone ?? null,
        companyId:
          op.company === 'same'
            ? (current?.company?.id ?? null)
            : op.company === null
              ? null
              : idOf(companyIds, op.company),
        ownerId: op.owner === 'same' ? (current?.owner.id ?? users.ADM.id) : users[op.owner].id,
        ...(op.isActive === 'omit' ? {} : { isActive: op.isActive === 'same' ? isActive : !isActive }),
        version: sent,
      };
      return {
        answer: await post(`/contact/${id}/store`, fields),
        versions: [{ table: 'contact', id, version: sent }],
      };
    }
    case 'addTodo': {
      const id = idOf(contactIds, op.contact);
      return {
        answer: await post(`/contact/${id}/task/${taskId(op.task)}/todo/store`, {
          deadline: op.deadline,
          notes: 'À rappeler',
        }),
        versions: [],
      };
    }
    case 'accomplishTodo': {
      // Mostly a pending todo: the accomplished ones are refused.
      const todos = op.pendingOnly ? state.todos.filter((todo) => todo.pending) : state.todos;
      const id = idOf(
        todos.map((todo) => todo.id),
        op.todo,
      );
      const answer =
        op.followUp === null
          ? await post(`/todo/${id}/store`, { deadline: op.deadline, notes: 'Fait', isAccomplished: true })
          : await post(`/todo/${id}/task/${taskId(op.followUp)}/store`, {
              deadline: op.deadline,
              notes: 'Fait',
              newDeadline: op.deadline,
              newNotes: 'Suite',
            });
      return { answer, versions: [] };
    }
    case 'reassign': {
      const ids = op.contacts.map((choice) => idOf(contactIds, choice));
      return { answer: await post('/contacts/owner', { ids, ownerId: users[op.owner].id }), versions: [] };
    }
    case 'merge': {
      const keptId = idOf(contactIds, op.kept);
      const duplicateId = idOf(contactIds, op.duplicate);
      const kept = await send(run, op.by, read, 'GET', `/contact/${keptId}`);
      const duplicate = await send(run, op.by, read, 'GET', `/contact/${duplicateId}`);
      const keptContact = kept.status === 200 ? (kept.body.data as Contact) : undefined;
      const duplicateContact = duplicate.status === 200 ? (duplicate.body.data as Contact) : undefined;
      // The values kept: those of one of the two.
      const source = (op.fieldsOf === 'kept' ? keptContact : duplicateContact) ?? keptContact ?? duplicateContact;
      const version = op.stale === 'kept' ? staleOf(keptContact?.version ?? 1) : (keptContact?.version ?? 1);
      const duplicateVersion =
        op.stale === 'duplicate' ? staleOf(duplicateContact?.version ?? 1) : (duplicateContact?.version ?? 1);
      const fields = {
        title: source?.title ?? 'madam',
        firstName: source?.firstName ?? 'Inconnue',
        lastName: source?.lastName ?? 'Inconnue',
        jobTitle: source?.jobTitle ?? null,
        email: source?.email ?? null,
        phone: source?.phone ?? null,
        companyId: source?.company?.id ?? null,
        ownerId: op.owner === 'kept' ? (keptContact?.owner.id ?? users.ADM.id) : users[op.owner].id,
        duplicateId,
        version,
        duplicateVersion,
      };
      const answer = await post(`/contact/${keptId}/merge`, fields);
      return {
        answer,
        versions: [
          { table: 'contact', id: keptId, version },
          { table: 'contact', id: duplicateId, version: duplicateVersion },
        ],
      };
    }
    case 'importContacts': {
      const companyOf = (choice: Pick) => {
        const company =
          choice === 'missing' || state.companies.length === 0
            ? undefined
            : state.companies[choice % state.companies.length];
        return company?.registrationId ?? siret(99);
      };
      const lines = [
        'Identifiant;Civilité;Prénom;Nom;E-mail;Société;Propriétaire',
        ...op.rows.map((row) => {
          const named = row.id === null ? undefined : byId(state.contacts).get(idOf(contactIds, row.id));
          return [
            row.id === null ? '' : idOf(contactIds, row.id),
            (named?.title ?? (row.name % 2 === 0 ? 'madam' : 'mister')) === 'madam' ? 'Mme' : 'M.',
            named?.firstName ?? `Prénom${row.name}`,
            named?.lastName ?? `Modèle${row.name}`,
            row.email === null ? '' : email(row.email),
            row.company === null ? '' : companyOf(row.company),
            row.owner ?? '',
          ].join(';');
        }),
      ];
      return {
        answer: await upload(run, op.by, op.via, '/import/contacts', `${lines.join('\r\n')}\r\n`, {
          onExisting: op.onExisting,
        }),
        versions: [],
      };
    }
    case 'undoImport': {
      if (op.batch !== 'latest')
        return {
          answer: await post(
            `/import/${idOf(
              state.batches.map((batch) => batch.id),
              op.batch,
            )}/undo`,
            {},
          ),
          versions: [],
        };
      // The latest import, as the page offers it to the user who made it.
      const latest = state.batches.at(-1);
      const importer = actors.find((trigram) => users[trigram].id === latest?.userId) ?? op.by;
      const last = await send(run, importer, read, 'GET', '/import/last', { query: { kind: 'contacts' } });
      const id = (last.body.data as { id: number } | null)?.id ?? MISSING_ID;
      return {
        answer: await send(run, importer, op.via, 'POST', `/import/${id}/undo`, { fields: {} }),
        versions: [],
        actor: importer,
      };
    }
    case 'changeStatus': {
      const id = idOf(
        state.sheets.map((sheet) => sheet.id),
        op.sheet,
      );
      // The sheet as the panel read it, with its version when it has one.
      const found = await send(run, op.by, read, 'GET', `/need/${id}`);
      const version = found.status === 200 ? (found.body.data as { version?: number }).version : undefined;
      const sent = version === undefined ? undefined : op.stale ? staleOf(version) : version;
      const fields = {
        statusId: idOf(state.statuses, op.status),
        comment: op.comment ? 'Point hebdomadaire' : null,
        version: sent ?? 1,
      };
      return {
        answer: await post(`/need/${id}/status`, fields),
        versions: sent === undefined ? [] : [{ table: 'needs_sheet', id, version: sent }],
      };
    }
  }
}

// --- The rules, after each step ---

// The records whose tracked values changed (created, changed or removed), as history entities.
function changedRecords(before: State, after: State): { entity: string; id: number; onlyMovedTo?: number }[] {
  const changed: { entity: string; id: number; onlyMovedTo?: number }[] = [];
  const compare = <T extends { id: number; tracked: string }>(entity: string, from: T[], to: T[]) => {
    const old = byId(from);
    const now = byId(to);
    for (const [id, row] of now) if (old.get(id)?.tracked !== row.tracked) changed.push({ entity, id });
    for (const id of old.keys()) if (!now.has(id)) changed.push({ entity, id });
  };
  compare('company', before.companies, after.companies);
  compare('contact', before.contacts, after.contacts);
  compare('todo', before.todos, after.todos);
  compare(
    'needsSheet',
    before.sheets.map((sheet) => ({ id: sheet.id, tracked: sheet.whole })),
    after.sheets.map((sheet) => ({ id: sheet.id, tracked: sheet.whole })),
  );
  // A todo moved to another contact (a merge) and otherwise unchanged.
  const oldTodos = byId(before.todos);
  for (const todo of after.todos) {
    const old = oldTodos.get(todo.id);
    if (old !== undefined && old.tracked === todo.tracked && old.contactId !== todo.contactId)
      changed.push({ entity: 'todo', id: todo.id, onlyMovedTo: todo.contactId });
  }
  return changed;
}

// Rows that differ between two states, for the message of a refused call that changed something.
function differences(before: State, after: State): string[] {
  const lines: string[] = [];
  const compare = <T extends { id: number; whole: string }>(table: string, from: T[], to: T[]) => {
    const old = byId(from);
    const now = byId(to);
    for (const [id, row] of now)
      if (old.get(id)?.whole !== row.whole) lines.push(`${table} ${id} ${old.has(id) ? 'changed' : 'added'}`);
    for (const id of old.keys()) if (!now.has(id)) lines.push(`${table} ${id} removed`);
  };
  compare('company', before.companies, after.companies);
  compare('contact', before.contacts, after.contacts);
  compare('todo', before.todos, after.todos);
  compare('needs_sheet', before.sheets, after.sheets);
  if (before.historyMax !== after.historyMax)
    lines.push(`history rows added (last id ${before.historyMax} -> ${after.historyMax})`);
  return lines.length > 0 ? lines : ['import_batch, import_item or the status changes'];
}

function invariants(state: State): string[] {
  const broken: string[] = [];
  const companies = byId(state.companies);
  const pending = new Set(state.todos.filter((todo) => todo.pending).map((todo) => todo.contactId));
  for (const company of state.companies) {
    const parent = company.parentId === null ? undefined : companies.get(company.parentId);
    // No active company whose parent is inactive.
    if (company.isActive && parent !== undefined && !parent.isActive)
      broken.push(`company ${company.id} is active under its inactive parent ${parent.id}`);
  }
  for (const contact of state.contacts) {
    const company = contact.companyId === null ? undefined : companies.get(contact.companyId);
    // No active contact in an inactive company.
    if (contact.isActive && company !== undefined && !company.isActive)
      broken.push(`contact ${contact.id} is active in the inactive company ${company.id}`);
    // A contact is active exactly when it has a pending todo.
    if (contact.isActive !== pending.has(contact.id)) {
      broken.push(`contact ${contact.id} is ${contact.isActive ? 'active without' : 'en veille with'} a pending todo`);
    }
    // A contact merged into another is not active and has no pending todo.
    if (contact.mergedIntoId !== null && (contact.isActive || pending.has(contact.id))) {
      broken.push(
        `contact ${contact.id}, merged into ${contact.mergedIntoId}, is ${contact.isActive ? 'active' : 'en veille'} with${pending.has(contact.id) ? '' : 'out'} a pending todo`,
      );
    }
  }
  return broken;
}

// A contact merged into another appears in no list, on either instance.
async function mergedInLists(run: Run, state: State): Promise<string[]> {
  const merged = state.contacts.filter((contact) => contact.mergedIntoId !== null);
  if (merged.length === 0) return [];
  const broken: string[] = [];
  for (const via of ['A', 'B'] as const) {
    const standby = await send(run, 'ADM', via, 'GET', '/user/contacts/standby');
    const lists = standby.body.data as Record<string, { id: number }[]>;
    for (const contact of merged) {
      for (const [name, list] of Object.entries(lists)) {
        if (list.some((item) => item.id === contact.id))
          broken.push(`merged contact ${contact.id} is in the standby list ${name} (instance ${via})`);
      }
      const found = await send(run, 'ADM', via, 'GET', '/contacts', {
        query: { search: contact.lastName, perPage: 100 },
      });
      const items = (found.body.data as { items: { id: number }[] }).items;
      if (items.some((item) => item.id === contact.id))
        broken.push(`merged contact ${contact.id} is in GET /contacts?search=${contact.lastName} (instance ${via})`);
      const suggested = await send(run, 'ADM', via, 'GET', '/contacts/search', { query: { q: contact.lastName } });
      if ((suggested.body.data as { id: number }[]).some((item) => item.id === contact.id)) {
        broken.push(`merged contact ${contact.id} is in GET /contacts/search?q=${contact.lastName} (instance ${via})`);
      }
      const duplicates = await send(run, 'ADM', via, 'GET', '/contacts/duplicates', {
        query: {
          email: contact.email,
          firstName: contact.firstName,
          lastName: contact.lastName,
          companyId: contact.companyId,
        },
      });
      if ((duplicates.body.data as { contact: { id: number } }[]).some((item) => item.contact.id === contact.id)) {
        broken.push(
          `merged contact ${contact.id} is among the duplicates GET /contacts/duplicates finds for its own e-mail and name (instance ${via})`,
        );
      }
      if (contact.companyId !== null) {
        const company = await send(run, 'ADM', via, 'GET', `/company/${contact.companyId}`);
        if (
          (company.body.data as Company & { contacts: { id: number }[] }).contacts.some(
            (item) => item.id === contact.id,
          )
        ) {
          broken.push(
            `merged contact ${contact.id} is in the contacts of GET /company/${contact.companyId} (instance ${via})`,
          );
        }
      }
    }
  }
  return broken;
}

async function checkStep(run: Run, op: Operation, outcome: Outcome, before: State, after: State): Promise<string[]> {
  const { answer } = outcome;
  const broken: string[] = [];
  if (!accepted(answer)) {
    // A refused call changed nothing.
    if (after.fingerprint !== before.fingerprint)
      broken.push(
        `refused with ${answer.status} ${errorOf(answer)}, yet changed: ${differences(before, after).join(', ')}`,
      );
  }
  // A save over another version than the stored one is refused (editConflict), and only such a save.
  const stored = (sent: SentVersion) =>
    (sent.table === 'company'
      ? byId(before.companies)
      : sent.table === 'contact'
        ? byId(before.contacts)
        : byId(before.sheets)
    ).get(sent.id)?.version ?? undefined;
  const outdated = outcome.versions.filter((sent) => stored(sent) !== undefined && stored(sent) !== sent.version);
  if (accepted(answer) && outdated.length > 0) {
    broken.push(
      `accepted a save over a newer version: ${outdated.map((sent) => `${sent.table} ${sent.id} sent ${sent.version}, stored ${stored(sent)}`).join('; ')}`,
    );
  }
  if (errorOf(answer) === 'editConflict' && outdated.length === 0)
    broken.push('refused with editConflict though every version sent was the stored one');

  broken.push(...invariants(after));

  // Only a businessLeader or an admin changes who owns a contact or a company.
  const actor = outcome.actor ?? op.by;
  const role = run.world.users[actor].role;
  const ownerChanges = <T extends { id: number; ownerId: number }>(table: string, from: T[], to: T[]) => {
    const now = byId(to);
    for (const row of from) {
      const later = now.get(row.id);
      if (later !== undefined && later.ownerId !== row.ownerId)
        broken.push(`${table} ${row.id}: owner ${row.ownerId} -> ${later.ownerId} by ${actor}, who may not reassign`);
    }
  };
  if (!can(role, 'contact', 'reassign')) ownerChanges('contact', before.contacts, after.contacts);
  if (!can(role, 'company', 'reassign')) ownerChanges('company', before.companies, after.companies);

  // Every accepted write of a record adds a history entry for it (a todo moved by a merge: the merge's entry).
  if (accepted(answer)) {
    const changed = changedRecords(before, after);
    if (changed.length > 0) {
      const { rows } = await sql<{ entity: string; entity_id: number; action: string }>`
        select entity, entity_id, action from history where id > ${before.historyMax}`.execute(run.world.db);
      const logged = new Set(rows.map((row) => `${row.entity} ${row.entity_id}`));
      const merges = new Set(
        rows.filter((row) => row.entity === 'contact' && row.action === 'merge').map((row) => row.entity_id),
      );
      for (const record of changed) {
        if (logged.has(`${record.entity} ${record.id}`)) continue;
        if (record.onlyMovedTo !== undefined && merges.has(record.onlyMovedTo)) continue;
        broken.push(
          `${record.entity} ${record.id} ${record.onlyMovedTo === undefined ? 'changed' : `moved to contact ${record.onlyMovedTo}`} without a history entry`,
        );
      }
    }
  }
  if (after.fingerprint !== before.fingerprint) broken.push(...(await mergedInLists(run, after)));
  return broken;
}

const describeOp = (op: Operation) => JSON.stringify(op);

// What the runs did: each operation's answers by status, to see that the accepted paths are walked too.
type Counters = { runs: number; steps: number; answers: Map<string, number> };

async function runSequence(world: World, ops: Operation[], counters: Counters): Promise<void> {
  await restoreBaseline(world.db, world.baseline);
  const apps: Record<Via, FastifyInstance> = { A: await createTestApp(world.db), B: await createTestApp(world.second) };
  const run: Run = { world, apps, trace: [] };
  counters.runs += 1;
  let step = 0;
  try {
    let state = await observe(world.db);
    for (const [index, op] of ops.entries()) {
      step = index + 1;
      counters.steps += 1;
      run.trace.push(`  #${index + 1} ${describeOp(op)}`);
      const outcome = await perform(run, op, state);
      const key = `${op.op} ${outcome.answer.status}`;
      counters.answers.set(key, (counters.answers.get(key) ?? 0) + 1);
      const next = await observe(world.db);
      const broken = await checkStep(run, op, outcome, state, next);
      if (broken.length > 0)
        throw new RuleBroken(`step #${index + 1} broke the rules:\n${broken.map((line) => `  - ${line}`).join('\n')}`);
      state = next;
    }
  } catch (error) {
    // Anything else thrown (an answer of an unexpected shape) is reported with the steps too.
    const message =
      error instanceof RuleBroken
        ? error.message
        : `step #${step} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    throw new RuleBroken(
      `${message}\nsteps, as sent (the operation, then each call: actor, instance, request, answer):\n${run.trace.join('\n')}`,
      step,
    );
  } finally {
    await apps.A.close();
    await apps.B.close();
  }
}

// --- The setup and the property ---

async function prepareWorld(suite: SeededSuite, second: Db): Promise<World> {
  const db = suite.database.db;
  const { fixture, app, tokens } = suite;
  // Three statuses, and two sheets: one REC works on, one without recruiter.
  for (const [order, [label, color, closes]] of (
    [
      ['Nouveau', '#2563eb', false],
      ['En cours', '#d97706', false],
      ['Pourvu', '#059669', true],
    ] as const
  ).entries()) {
    const answer = await call<NeedsSheetStatus>(app, 'POST', '/admin/need-status/store', {
      token: tokens.ADM,
      fields: { label, color, closes, order: order * 10 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  }
  for (const recruiterIds of [[fixture.users.REC], []]) {
    const answer = await call<NeedsSheet>(app, 'POST', '/need/store', {
      token: tokens.COM,
      fields: {
        companyId: fixture.company,
        contactId: fixture.active.COM,
        title: 'Développeur Java',
        seniority: 'confirmed',
        contractType: 'regie',
        ownerId: fixture.users.COM,
        recruiterIds,
      },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  }
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'trigram', 'is_admin', 'is_business_leader', 'is_business_team', 'is_recruitment_team'])
    .execute();
  const users = Object.fromEntries(
    owners.map((trigram) => {
      const row = rows.find((user) => user.trigram === trigram);
      assert.ok(row !== undefined, trigram);
      const role = {
        admin: row.is_admin,
        businessLeader: row.is_business_leader,
        businessTeam: row.is_business_team,
        recruitmentTeam: row.is_recruitment_team,
      };
      return [trigram, { id: row.id, trigram, role }];
    }),
  ) as World['users'];
  const actorTokens = Object.fromEntries(actors.map((trigram) => [trigram, tokens[trigram]])) as Record<Actor, string>;
  const baseline = await keepBaseline(db);
  return { db, second, baseline, tokens: actorTokens, users, tasks: fixture.tasks };
}

function failureReport(engine: string, details: fc.RunDetails<[Operation[]]>): string {
  const ops = details.counterexample?.[0] ?? [];
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const broke = details.errorInstance instanceof RuleBroken ? (details.errorInstance.step ?? ops.length) : ops.length;
  return [
    `The data rules broke on ${engine} after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s).`,
    `Replay (in api/, with DATABASE_URL for PostgreSQL): MODEL_SEED=${details.seed} MODEL_PATH=${details.counterexamplePath ?? ''} node --import tsx --test src/routes/model.test.ts`,
    `Operations (${ops.length}):`,
    ...ops.map(
      (op, index) =>
        `  #${index + 1} ${describeOp(op)}${index + 1 > broke ? ' (not run: the rules broke before)' : ''}`,
    ),
    error,
  ].join('\n');
}

for (const engine of testEngines()) {
  describe(`the data rules over random sequences of operations on ${engine}`, () => {
    let suite: SeededSuite;
    let world: World;
    before(async () => {
      suite = await openSeededSuite(engine);
      // A second instance has its own connection on PostgreSQL; PGlite is one database in this process.
      const second = engine === 'postgres' ? suite.database.openAnother() : suite.database.db;
      world = await prepareWorld(suite, second);
    });
    after(() => suite.close());

    it(
      `keeps them over ${RUNS} sequences of up to ${MAX_STEPS} operations by every role, on two instances`,
      { timeout: 3_600_000 },
      async (t) => {
        const counters: Counters = { runs: 0, steps: 0, answers: new Map() };
        const started = performance.now();
        const property = fc.asyncProperty(
          fc.array(operation, { minLength: 1, maxLength: MAX_STEPS, size: 'max' }),
          (ops) => runSequence(world, ops, counters),
        );
        const details = await fc.check(property, {
          seed: SEED,
          numRuns: RUNS,
          ...(PATH === undefined ? {} : { path: PATH, endOnFailure: true }),
        });
        t.diagnostic(
          `${counters.runs} runs, ${counters.steps} steps in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
        );
        t.diagnostic(
          `answers by operation and status (shrinking included): ${[...counters.answers]
            .sort()
            .map(([key, count]) => `${key}: ${count}`)
            .join(', ')}`,
        );
        if (details.failed) assert.fail(failureReport(engine, details));
      },
    );
  });
}
