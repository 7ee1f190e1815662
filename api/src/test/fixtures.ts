import { hashPassword } from '../auth/password';
import type { Db, NewTodo } from '../db/database';
import type { FastifyInstance } from 'fastify';
import type { EngineName } from '../db/engine';
import {
  FIXTURE_PASSWORD,
  createTestApp,
  createTestDatabase,
  login,
  testPasswordHashing,
  type TestDatabase,
} from './harness';

type Role = 'admin' | 'businessLeader' | 'businessTeam' | 'recruitmentTeam';

// Two teams and an admin: DIR leads COM and REC, DIB leads COB; OFF is deactivated; ADM leads nobody.
const fixtureUsers: { trigram: string; role: Role; leader?: string; active?: boolean }[] = [
  { trigram: 'ADM', role: 'admin' },
  { trigram: 'DIR', role: 'businessLeader' },
  { trigram: 'COM', role: 'businessTeam', leader: 'DIR' },
  { trigram: 'REC', role: 'recruitmentTeam', leader: 'DIR' },
  { trigram: 'DIB', role: 'businessLeader' },
  { trigram: 'COB', role: 'businessTeam', leader: 'DIB' },
  { trigram: 'OFF', role: 'businessTeam', leader: 'DIR', active: false },
];
export const roleTrigrams = ['ADM', 'DIR', 'COM', 'REC'] as const;

export type Fixture = {
  users: Record<string, number>;
  tasks: { call: number; mail: number; retired: number };
  company: number;
  // Per owner trigram: a standby contact and an active one.
  standby: Record<string, number>;
  active: Record<string, number>;
  // Per owner trigram: a pending todo (deadline 2026-03-10) and an accomplished one (2026-02-10).
  pending: Record<string, number>;
  accomplished: Record<string, number>;
};

export async function seedFixture(db: Db): Promise<Fixture> {
  const passwordHash = await hashPassword(FIXTURE_PASSWORD, testPasswordHashing);
  const users: Record<string, number> = {};
  for (const user of fixtureUsers) {
    const row = await db
      .insertInto('app_user')
      .values({
        trigram: user.trigram,
        first_name: `Prénom ${user.trigram}`,
        last_name: `Nom ${user.trigram}`,
        title: 'madam',
        email: `${user.trigram.toLowerCase()}@example.fr`,
        phone: null,
        is_admin: user.role === 'admin',
        is_business_leader: user.role === 'businessLeader',
        is_business_team: user.role === 'businessTeam',
        is_recruitment_team: user.role === 'recruitmentTeam',
        leader_id: user.leader === undefined ? null : users[user.leader],
        is_active: user.active ?? true,
        password_hash: passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[user.trigram] = row.id;
  }
  const [call, mail, retired] = await db
    .insertInto('task')
    .values([
      { description: 'Appel de suivi', background_color: '#2563eb', border_color: '#1e40af', color: '#ffffff' },
      { description: 'Relance email', background_color: '#f59e0b', border_color: '#b45309', color: '#000000' },
      {
        description: 'Ancienne tâche',
        background_color: '#777777',
        border_color: '#555555',
        color: '#ffffff',
        is_active: false,
      },
    ])
    .returning('id')
    .execute();
  const company = await db
    .insertInto('company')
    .values({ name: 'Société Test', registration_id: '73282932000074', owner_id: users.ADM })
    .returning('id')
    .executeTakeFirstOrThrow();

  const standby: Record<string, number> = {};
  const active: Record<string, number> = {};
  const pending: Record<string, number> = {};
  const accomplished: Record<string, number> = {};
  for (const user of fixtureUsers) {
    const owner = users[user.trigram];
    // Last names chosen so that the expected order by name is known ("Élise Écrin" sorts as "ecrin").
    const [sleeping, awake] = await db
      .insertInto('contact')
      .values([
        {
          title: 'madam',
          first_name: 'Élise',
          last_name: `Écrin ${user.trigram}`,
          company_id: company.id,
          owner_id: owner,
        },
        {
          title: 'mister',
          first_name: 'Paul',
          last_name: `Durand ${user.trigram}`,
          company_id: company.id,
          owner_id: owner,
        },
      ])
      .returning('id')
      .execute();
    standby[user.trigram] = sleeping.id;
    active[user.trigram] = awake.id;
    pending[user.trigram] = await addTodo(db, {
      contact_id: awake.id,
      task_id: call.id,
      owner_id: owner,
      deadline: '2026-03-10',
    });
    accomplished[user.trigram] = await addTodo(db, {
      contact_id: awake.id,
      task_id: mail.id,
      owner_id: owner,
      deadline: '2026-02-10',
      is_accomplished: true,
      execution_date: '2026-02-10T10:00:00Z',
    });
  }
  return {
    users,
    tasks: { call: call.id, mail: mail.id, retired: retired.id },
    company: company.id,
    standby,
    active,
    pending,
    accomplished,
  };
}

export async function addTodo(db: Db, todo: NewTodo): Promise<number> {
  const row = await db.insertInto('todo').values(todo).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// A needs sheet as its form sends it: COM's, on the fixture's company and COM's active contact, REC recruiting.
export function sheetFields(fixture: Fixture, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyId: fixture.company,
    contactId: fixture.active.COM,
    title: 'Développeur Java',
    description: '',
    skills: ['Java'],
    niceToHave: [],
    seniority: 'confirmed',
    remoteDays: 0,
    contractType: 'regie',
    positions: 1,
    priority: 'high',
    ownerId: fixture.users.COM,
    recruiterIds: [fixture.users.REC],
    ...overrides,
  };
}

export type SeededSuite = {
  database: TestDatabase;
  app: FastifyInstance;
  fixture: Fixture;
  // A token for each fixture user, by trigram.
  tokens: Record<string, string>;
  close: () => Promise<void>;
};

// The setup of a call suite: a fresh database with the fixture, an app on it, every fixture user logged in.
export async function openSeededSuite(engine: EngineName): Promise<SeededSuite> {
  const database = await createTestDatabase(engine);
  const fixture = await seedFixture(database.db);
  const app = await createTestApp(database.db);
  const tokens: Record<string, string> = {};
  for (const trigram of ['ADM', 'DIR', 'COM', 'REC', 'DIB', 'COB']) tokens[trigram] = await login(app, trigram);
  return {
    database,
    app,
    fixture,
    tokens,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
