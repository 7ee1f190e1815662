import {
  addDays,
  contractTypes,
  defaultNeedsSheetDeadline,
  needsPriorities,
  needsSheetReference,
  seniorities,
} from '@bo/contracts/all';
import { sql, type Transaction } from 'kysely';
import type { Database } from './database';
import { setLastReferenceNumber } from './needs-sheet-references';
import { demoNeedsSheetModels, demoNeedsSheetStatuses, demoNeedsSheetTitles } from './demo-data';
import type { Random } from './prng';

// The demo's needs sheets: the statuses, the models, and about twenty sheets of the last two months, for active
// contacts of active companies, owned by the business side and worked by the recruiter. Each entered the first
// status when it was received and, unless it is still there, its current one a few days later (never after now):
// the statistics' sheets filled and lost.
export async function seedNeedsSheets(
  trx: Transaction<Database>,
  random: Random,
  options: { today: string; owners: number[]; recruiters: number[] },
): Promise<number> {
  const statuses = await trx
    .insertInto('needs_sheet_status')
    .values(demoNeedsSheetStatuses.map((status, index) => ({ ...status, display_order: (index + 1) * 10 })))
    .returning(['id', 'closes'])
    .execute();
  await trx
    .insertInto('needs_sheet_model')
    .values(demoNeedsSheetModels.map((model) => ({ ...model, skills: [...model.skills] })))
    .execute();
  const contacts = await trx
    .selectFrom('contact as k')
    .innerJoin('company as c', 'c.id', 'k.company_id')
    .select(['k.id', 'k.company_id'])
    .where('k.is_active', '=', true)
    .where('c.is_active', '=', true)
    .orderBy('k.id')
    .limit(60)
    .execute();
  const count = Math.min(20, contacts.length);
  const year = Number(options.today.slice(0, 4));
  for (let i = 0; i < count; i += 1) {
    const [title, description, skills] = demoNeedsSheetTitles[i % demoNeedsSheetTitles.length];
    const contact = contacts[(i * 3) % contacts.length];
    const received = addDays(options.today, -random.int(0, 60));
    const status = statuses[i < 12 ? random.int(0, 2) : random.int(0, statuses.length - 1)];
    const positions = random.int(1, 3);
    const received_at = sql<Date>`least((${received}::date + time '09:00') at time zone 'Europe/Paris', now())`;
    const { id } = await trx
      .insertInto('needs_sheet')
      .values({
        reference: needsSheetReference(year, i + 1),
        company_id: contact.company_id ?? 0,
        contact_id: contact.id,
        title,
        description,
        skills: [...skills],
        nice_to_have: random.chance(0.5) ? ['Anglais courant'] : [],
        seniority: random.pick(seniorities),
        place: random.pick(['Paris', 'Lyon', 'Nantes', 'Lille', 'Bordeaux']),
        remote_days: random.int(0, 3),
        start_date: random.chance(0.5) ? null : addDays(received, random.int(15, 45)),
        duration_months: random.chance(0.3) ? null : random.int(3, 18),
        contract_type: random.pick(contractTypes),
        rate_min: 450 + random.int(0, 4) * 50,
        rate_max: 650 + random.int(0, 4) * 50,
        positions,
        positions_filled: status.closes ? random.int(0, positions) : 0,
        priority: random.pick(needsPriorities),
        owner_id: random.pick(options.owners),
        received_date: received,
        deadline: defaultNeedsSheetDeadline(received),
        status_id: status.id,
        created_at: received_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // No draw here: the sheets after this one stay those of earlier versions.
    const changes = [{ needs_sheet_id: id, status_id: statuses[0].id, changed_at: received_at }];
    if (status.id !== statuses[0].id) {
      const later = addDays(received, 3 + ((i * 7) % 20));
      changes.push({
        needs_sheet_id: id,
        status_id: status.id,
        changed_at: sql<Date>`least((${later}::date + time '16:00') at time zone 'Europe/Paris', now())`,
      });
    }
    await trx.insertInto('needs_sheet_status_change').values(changes).execute();
    if (options.recruiters.length > 0 && random.chance(0.7)) {
      await trx
        .insertInto('needs_sheet_recruiter')
        .values({ needs_sheet_id: id, user_id: random.pick(options.recruiters) })
        .execute();
    }
  }
  // The app's next sheet of the year follows them.
  await setLastReferenceNumber(trx, year, count);
  return count;
}
