import { addDays, asciiSlug, toBusinessIsoDate, withLuhnCheckDigit, type PersonTitle } from '@bo/contracts/all';
import { sql } from 'kysely';
import { hashPassword } from '../auth/password';
import { productionPasswordHashing, type PasswordHashing } from '../config';
import type { Db, NewContact, NewTodo } from './database';
import {
  cities,
  companyGroups,
  demoNotes,
  demoPhrases,
  demoTasks,
  femaleFirstNames,
  jobTitles,
  lastNames,
  maleFirstNames,
  sectors,
  streets,
} from './demo-data';
import { createRandom, type Random } from './prng';
import { seedNeedsSheets } from './seed-needs-sheets';

export const DEMO_PASSWORD = 'Bienvenue-2026';

export const demoUsers = [
  { trigram: 'ADM', first_name: 'Sophie', last_name: 'Marchand', title: 'madam', role: 'admin' },
  { trigram: 'DIR', first_name: 'Laurent', last_name: 'Girard', title: 'mister', role: 'businessLeader' },
  { trigram: 'COM', first_name: 'Julie', last_name: 'Moreau', title: 'madam', role: 'businessTeam' },
  { trigram: 'REC', first_name: 'Thomas', last_name: 'Lefebvre', title: 'mister', role: 'recruitmentTeam' },
] as const;

export type SeedOptions = { passwordHashing?: PasswordHashing; today?: string; seed?: number };
export type SeedSummary = {
  users: string[];
  password: string;
  companies: number;
  contacts: number;
  todos: number;
  needsSheets: number;
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('app_user')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count === 0;
}

export function randomPhone(random: Random): string {
  const first = random.pick(['1', '6', '6', '7', '2', '4']);
  let rest = '';
  for (let i = 0; i < 8; i += 1) rest += String(random.int(0, 9));
  return `0033${first}${rest}`;
}

export function randomPerson(random: Random): { title: PersonTitle; first_name: string; last_name: string } {
  const female = random.chance(0.5);
  const title: PersonTitle = female ? (random.chance(0.1) ? 'miss' : 'madam') : 'mister';
  return {
    title,
    first_name: random.pick(female ? femaleFirstNames : maleFirstNames),
    last_name: random.pick(lastNames),
  };
}

// The demo data of a fresh install: one user per role, ~40 companies, 400 contacts (a quarter en veille),
// 8 task types and todos over the two months around today. Deterministic for a given day.
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const random = createRandom(options.seed ?? 20_260_101);
  const hashing = options.passwordHashing ?? productionPasswordHashing;
  const today = options.today ?? toBusinessIsoDate(new Date());

  return db.transaction().execute(async (trx) => {
    const userIds: Record<string, number> = {};
    for (const user of demoUsers) {
      const row = await trx
        .insertInto('app_user')
        .values({
          trigram: user.trigram,
          first_name: user.first_name,
          last_name: user.last_name,
          title: user.title,
          email: `${asciiSlug(user.first_name)}.${asciiSlug(user.last_name)}@cabinet-demo.fr`,
          phone: randomPhone(random),
          is_admin: user.role === 'admin',
          is_business_leader: user.role === 'businessLeader',
          is_business_team: user.role === 'businessTeam',
          is_recruitment_team: user.role === 'recruitmentTeam',
          leader_id: user.role === 'businessTeam' || user.role === 'recruitmentTeam' ? userIds.DIR : null,
          password_hash: await hashPassword(DEMO_PASSWORD, hashing),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds[user.trigram] = row.id;
    }
    const owners = [
      userIds.COM,
      userIds.COM,
      userIds.COM,
      userIds.DIR,
      userIds.DIR,
      userIds.REC,
      userIds.REC,
      userIds.ADM,
    ];

    const sirets = new Set<string>();
    const newSiret = (): string => {
      for (;;) {
        let digits = '';
        for (let i = 0; i < 13; i += 1) digits += String(random.int(i === 0 ? 1 : 0, 9));
        const siret = withLuhnCheckDigit(digits);
        if (!sirets.has(siret)) {
          sirets.add(siret);
          return siret;
        }
      }
    };
    const companies: { id: number; name: string }[] = [];
    const addCompany = async (name: string, parentId: number | null, sector: string) => {
      const [city, postalCode] = random.pick(cities);
      const registrationId = newSiret();
      const row = await trx
        .insertInto('company')
        .values({
          name,
          registration_id: registrationId,
          // A switchboard number and a site, made from the SIRET and the name (no draw: the rest of the demo
          // data stays the same).
          phone: `00331${registrationId.slice(0, 8)}`,
          website: `https://www.${asciiSlug(name)}.fr`,
          parent_id: parentId,
          address: `${random.int(1, 120)} ${random.pick(streets)}`,
          postal_code: postalCode,
          city,
          sector,
          owner_id: random.pick(owners),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      companies.push({ id: row.id, name });
      return row.id;
    };
    for (const [name, subsidiaries] of companyGroups) {
      const sector = random.pick(sectors);
      const parentId = await addCompany(name, null, sector);
      for (const subsidiary of subsidiaries) await addCompany(subsidiary, parentId, sector);
    }

    const contacts: NewContact[] = [];
    // Which contacts are followed (given todos, so active) and which are left en veille: a contact's state is kept
    // from its todos by the database.
    const followed: boolean[] = [];
    for (let i = 0; i < 400; i += 1) {
      const person = randomPerson(random);
      const company = random.chance(0.95) ? random.pick(companies) : null;
      const domain = company === null ? 'gmail.com' : `${asciiSlug(company.name)}.fr`;
      contacts.push({
        ...person,
        job_title: random.chance(0.9) ? random.pick(jobTitles) : null,
        email: random.chance(0.9) ? `${asciiSlug(person.first_name)}.${asciiSlug(person.last_name)}@${domain}` : null,
        phone: random.chance(0.85) ? randomPhone(random) : null,
        company_id: company?.id ?? null,
        owner_id: random.pick(owners),
      });
      followed.push(!random.chance(0.25));
    }
    const contactRows = await trx.insertInto('contact').values(contacts).returning(['id', 'owner_id']).execute();

    const tasks = await trx
      .insertInto('task')
      .values([...demoTasks])
      .returning('id')
      .execute();
    const taskIds = tasks.map((task) => task.id);
    await trx
      .insertInto('phrase')
      .values([...demoPhrases])
      .execute();

    // Chains of todos: each accomplished one (in the past) usually has its follow-up; the last one is pending.
    let todoCount = 0;
    const insertTodo = async (todo: NewTodo): Promise<number> => {
      todoCount += 1;
      const row = await trx.insertInto('todo').values(todo).returning('id').executeTakeFirstOrThrow();
      return row.id;
    };
    for (const [index, contact] of contactRows.entries()) {
      const ownerId = random.chance(0.85) ? contact.owner_id : random.pick(owners);
      if (!followed[index]) {
        // Some contacts en veille have an old, closed history.
        if (random.chance(0.3)) {
          const deadline = addDays(today, -random.int(20, 60));
          await insertTodo({
            contact_id: contact.id,
            task_id: random.pick(taskIds),
            owner_id: ownerId,
            deadline,
            notes: random.pick(demoNotes),
            is_accomplished: true,
            execution_date: `${deadline}T${String(random.int(8, 18)).padStart(2, '0')}:30:00+01:00`,
            created_at: `${addDays(deadline, -random.int(3, 20))}T09:00:00+01:00`,
          });
        }
        continue;
      }
      const chain: NewTodo[] = [];
      let deadline = addDays(today, random.int(-60, 20));
      for (;;) {
        const todo: NewTodo = {
          contact_id: contact.id,
          task_id: random.pick(taskIds),
          owner_id: ownerId,
          deadline,
          notes: random.pick(demoNotes),
          created_at: `${addDays(deadline, -random.int(3, 20))}T09:00:00+01:00`,
        };
        chain.push(todo);
        const past = deadline < today;
        if (!past || !random.chance(0.85) || chain.length >= 6) break;
        todo.is_accomplished = true;
        todo.execution_date = `${deadline}T${String(random.int(8, 18)).padStart(2, '0')}:00:00+01:00`;
        todo.comment = random.chance(0.4) ? 'Échange constructif, à suivre.' : null;
        const next = addDays(deadline, random.int(5, 25));
        if (addDays(today, 60) < next) break;
        deadline = next;
      }
      // Follow-ups first so that each accomplished todo can point at its replacement.
      let replacementId: number | null = null;
      for (let i = chain.length - 1; i >= 0; i -= 1) {
        const todo = chain[i];
        replacementId = await insertTodo({ ...todo, replacement_id: todo.is_accomplished ? replacementId : null });
      }
      if (random.chance(0.3)) {
        await insertTodo({
          contact_id: contact.id,
          task_id: random.pick(taskIds),
          owner_id: ownerId,
          deadline: addDays(today, random.int(1, 60)),
          notes: random.pick(demoNotes),
        });
      }
    }

    // The contacts' states follow their todos when the deferred triggers run (migration 0029): run them now, so that
    // the sheets below see which contacts are active.
    await sql`set constraints all immediate`.execute(trx);
    // Last, so that the draws above (and the data they make) stay those of earlier versions.
    const needsSheets = await seedNeedsSheets(trx, random, {
      today,
      owners: [userIds.COM, userIds.DIR, userIds.ADM],
      recruiters: [userIds.REC],
    });

    return {
      users: demoUsers.map((user) => user.trigram),
      password: DEMO_PASSWORD,
      companies: companies.length,
      contacts: contactRows.length,
      todos: todoCount,
      needsSheets,
    };
  });
}
