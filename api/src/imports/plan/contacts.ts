import {
  can,
  formatPhone,
  importMessages,
  isValidRegistrationId,
  type ImportMapping,
  type ImportRecord,
  type OnExisting,
} from '@bo/contracts/all';
import { sql, type Selectable } from 'kysely';
import type { ContactTable, Executor } from '../../db/database';
import type { Actor } from '../../domain/actor';
import type { CsvFile } from '../read-csv-file';
import { compact, companyRefKey, foldName, ownCopy, titleLabels, usersByTrigram } from './cells';
import { planInChunks, type PlanReport, type Row, type WriteChunk } from './chunks';
import type { ContactColumns, PlannedWrite } from './columns';
import { contactFieldOf, readContactRow, type ContactCells, type NamedCompany } from './contact-cells';
import { batches, changesOf, filledOnly, found, resembles, resemblesLines, same, UpdatedRecords } from './matching';

// The plan of a contacts file: each row matched by its e-mail (and its « Identifiant »), its company found by SIRET
// or name, and the contacts it resembles by name or phone told.

const contactColumnsSelect = [
  'id',
  'title',
  'first_name',
  'last_name',
  'job_title',
  'email',
  'phone',
  'company_id',
  'owner_id',
] as const;

type ExistingContact = ContactColumns & Pick<Selectable<ContactTable>, 'id'>;

const contactRecord = (contact: ExistingContact): ImportRecord => ({
  id: contact.id,
  label: `${contact.first_name} ${contact.last_name}`,
});
const contactText = (contact: ExistingContact) =>
  importMessages.record(`${contact.first_name} ${contact.last_name}`, contact.id);

export async function planContacts(
  db: Executor,
  actor: Actor,
  file: CsvFile,
  requested: ImportMapping | undefined,
  onExisting: OnExisting,
  write?: WriteChunk<ContactColumns>,
): Promise<PlanReport> {
  const users = await usersByTrigram(db);
  const trigrams = new Map([...users.values()].map((user) => [user.id, user.trigram]));

  // A contact's name in its company, folded.
  const nameKey = (values: Partial<ContactColumns>) =>
    values.company_id === undefined ||
    values.company_id === null ||
    values.first_name === undefined ||
    values.last_name === undefined
      ? null
      : `${values.company_id}|${foldName(values.last_name)}|${foldName(values.first_name)}`;
  // The id names the contact of the row when the row has its e-mail or its name.
  const sameContact = (contact: ExistingContact, values: Partial<ContactColumns>) =>
    (!!values.email && contact.email !== null && values.email.toLowerCase() === contact.email.toLowerCase()) ||
    (values.first_name !== undefined &&
      values.last_name !== undefined &&
      foldName(values.first_name) === foldName(contact.first_name) &&
      foldName(values.last_name) === foldName(contact.last_name));

  return planInChunks(
    'contacts',
    file,
    requested,
    ({ cell, columnOf, created }) => {
      // Kept from one chunk to the next: the companies the file names, by SIRET or folded name (null: none such), and
      // the names of those a change shows; the first line of each e-mail, id, phone and name of the file; the
      // contacts updated.
      const companies = new Map<string, NamedCompany | null>();
      const companyNames = new Map<number, string>();
      const seen = {
        email: new Map<string, number>(),
        id: new Map<string, number>(),
        phone: new Map<string, number>(),
        name: new Map<string, number>(),
      };
      const updated = new UpdatedRecords<ExistingContact, 'email' | 'id' | 'phone' | 'name'>(
        {
          email: (c) => c.email?.toLowerCase() ?? null,
          id: (c) => String(c.id),
          phone: (c) => c.phone,
          name: (c) => nameKey(c),
        },
        created,
      );
      const shown = (column: keyof ContactColumns, value: unknown): string | null => {
        if (value === null || value === undefined) return null;
        if (column === 'title') return titleLabels.get(String(value)) ?? String(value);
        if (column === 'owner_id') return trigrams.get(Number(value)) ?? String(value);
        if (column === 'company_id') return companyNames.get(Number(value)) ?? String(value);
        if (column === 'phone') return formatPhone(String(value));
        return String(value);
      };

      const chunk = async (rows: Row[]): Promise<PlannedWrite<ContactColumns>[]> => {
        // The companies the rows name, each looked up once for the whole file.
        const refs = rows
          .map((row) => cell(row, 'company') ?? '')
          .filter((value) => value !== '' && !companies.has(companyRefKey(value)));
        const sirets = [...new Set(refs.map(compact).filter(isValidRegistrationId))];
        const names = [...new Set(refs.filter((value) => !isValidRegistrationId(compact(value))).map(foldName))];
        for (const key of [...sirets, ...names]) companies.set(ownCopy(key), null);
        for (const company of await found(sirets, (part) =>
          db
            .selectFrom('company')
            .select(['id', 'name', 'registration_id', 'is_active'])
            .where('registration_id', 'in', part)
            .execute(),
        )) {
          companies.set(company.registration_id, company);
          companyNames.set(company.id, company.name);
        }
        for (const company of await found(names, (part) =>
          db.selectFrom('company').select(['id', 'name', 'is_active']).where(sql.ref('name_key'), 'in', part).execute(),
        )) {
          companies.set(foldName(company.name), company);
          companyNames.set(company.id, company.name);
        }

        const parsed: ContactCells[] = rows.map((row) =>
          readContactRow(row, { cell, columnOf }, users, (ref) => companies.get(companyRefKey(ref))),
        );

        // Inside the file: the e-mail or the id of an earlier row is the same contact twice, refused; so is its
        // name in the same company when nothing else identifies it. Otherwise a same name or phone is a warning.
        for (const { row, values, id } of parsed) {
          if (row.problems.length > 0) continue;
          const keys = {
            email: values.email ? values.email.toLowerCase() : null,
            id: id === undefined ? null : String(id),
            phone: values.phone ?? null,
            name: nameKey(values),
          };
          const earlier = (key: keyof typeof keys) => (keys[key] === null ? undefined : seen[key].get(keys[key] ?? ''));
          const identified = keys.email !== null || keys.id !== null;
          const [byEmail, byId, byName, byPhone] = [earlier('email'), earlier('id'), earlier('name'), earlier('phone')];
          if (byEmail !== undefined)
            row.problems.push({
              line: row.line,
              column: columnOf('email'),
              message: importMessages.duplicateInFile(byEmail),
            });
          else if (byId !== undefined)
            row.problems.push({
              line: row.line,
              column: columnOf('id'),
              message: importMessages.duplicateInFile(byId),
            });
          else if (byName !== undefined && !identified)
            row.problems.push({
              line: row.line,
              column: columnOf('lastName'),
              message: importMessages.duplicateInFile(byName),
            });
          if (row.problems.length > 0) continue;
          resemblesLines(row, [
            [byName, importMessages.sameName],
            [byPhone, importMessages.samePhone],
          ]);
          for (const key of ['email', 'id', 'phone', 'name'] as const) {
            const value = keys[key];
            if (value !== null && !seen[key].has(value)) seen[key].set(ownCopy(value), row.line);
          }
        }

        // The database's contacts (those merged into another are gone) with these e-mails or ids, and those the rows
        // resemble: the same phone, or the same name in the same company.
        const valid = parsed.filter(({ row }) => row.problems.length === 0);
        const live = () => db.selectFrom('contact').select(contactColumnsSelect).where('merged_into_id', 'is', null);
        const byEmail = new Map<string, ExistingContact[]>();
        const byId = new Map<number, ExistingContact>();
        const byPhone = new Map<string, ExistingContact>();
        const byName = new Map<string, ExistingContact>();
        const emails = new Set(valid.map(({ values }) => values.email?.toLowerCase()).filter((v): v is string => !!v));
        const withEmails = await found(emails, (part) =>
          live()
            .where(sql`lower(email)`, 'in', part)
            .execute(),
        );
        for (const contact of updated.asBefore('email', withEmails, emails)) {
          if (contact.email !== null)
            byEmail.set(contact.email.toLowerCase(), [...(byEmail.get(contact.email.toLowerCase()) ?? []), contact]);
        }
        const ids = new Set(
          valid
            .map(({ id }) => id)
            .filter((id): id is number => id !== undefined)
            .map(String),
        );
        const withIds = await found(ids, (part) => live().where('id', 'in', part.map(Number)).execute());
        for (const contact of updated.asBefore('id', withIds, ids)) byId.set(contact.id, contact);
        const phones = new Set(
          valid.map(({ values }) => values.phone).filter((v): v is string => typeof v === 'string'),
        );
        const withPhones = await found(phones, (part) => live().where('phone', 'in', part).orderBy('id').execute());
        for (const contact of updated.asBefore('phone', withPhones, phones)) {
          if (contact.phone !== null && !byPhone.has(contact.phone)) byPhone.set(contact.phone, contact);
        }
        // Looked up by their companies and folded names (the table's name_key: last name, a space, first name).
        const named = valid.map(({ values }) => values).filter((values) => nameKey(values) !== null);
        const nameKeys = new Set(named.map((values) => nameKey(values) as string));
        const withNames: ExistingContact[] = [];
        for (const part of batches(named)) {
          const companyIds = [...new Set(part.map((values) => values.company_id as number))];
          const folded = [
            ...new Set(
              part.map((values) => `${foldName(values.last_name ?? '')} ${foldName(values.first_name ?? '')}`),
            ),
          ];
          withNames.push(
            ...(await live()
              .where('company_id', 'in', companyIds)
              .where(sql.ref('name_key'), 'in', folded)
              .orderBy('id')
              .execute()),
          );
        }
        for (const contact of updated.asBefore('name', withNames, nameKeys)) {
          const key = nameKey(contact);
          if (key !== null && nameKeys.has(key) && !byName.has(key)) byName.set(key, contact);
        }

        const writes: PlannedWrite<ContactColumns>[] = [];
        const updates: { row: Row; before: ContactColumns; columns: ContactColumns }[] = [];
        for (const { row, values, id, companyChecked } of valid) {
          const refuse = (key: string, message: string) =>
            row.problems.push({ line: row.line, column: columnOf(key), message });
          const email = values.email ? values.email.toLowerCase() : undefined;
          const sharing = email === undefined ? [] : (byEmail.get(email) ?? []);
          const byItsEmail = sharing[0];
          const byItsId = id === undefined ? undefined : byId.get(id);
          // Found by its e-mail or its id, never by a guess: two contacts with the e-mail, an id no one has, or an id
          // that is someone else than the e-mail's contact (or than the row's name) refuse the row.
          if (sharing.length > 1) refuse('email', importMessages.sharedEmail);
          else if (id !== undefined && byItsId === undefined) refuse('id', importMessages.unknownId);
          else if (byItsEmail !== undefined && byItsId !== undefined && byItsEmail.id !== byItsId.id) {
            refuse('id', importMessages.idConflict(contactText(byItsEmail), contactText(byItsId)));
          } else if (byItsId !== undefined && byItsEmail === undefined && !sameContact(byItsId, values))
            refuse('id', importMessages.idNotConfirmed(contactText(byItsId)));
          if (row.problems.length > 0) continue;
          const existing = byItsEmail ?? byItsId;
          if (existing === undefined) {
            if (values.title === undefined || values.first_name === undefined || values.last_name === undefined)
              continue;
            if (companyChecked && !companyChecked.is_active) {
              refuse('company', importMessages.inactiveCompany);
              continue;
            }
            const namesake = byName.get(nameKey(values) ?? '');
            const samePhone = values.phone ? byPhone.get(values.phone) : undefined;
            resembles(row, [
              [namesake === undefined ? undefined : contactRecord(namesake), importMessages.sameName],
              [samePhone === undefined ? undefined : contactRecord(samePhone), importMessages.samePhone],
            ]);
            // Nothing identifies the row and its name is already in the company: most likely that contact again.
            if (namesake !== undefined && email === undefined && id === undefined) {
              row.fate = 'skip';
              row.reasons.push(importMessages.sameNameUnidentified);
              continue;
            }
            row.fate = 'create';
            writes.push({
              action: 'create',
              line: row.line,
              columns: {
                title: values.title,
                first_name: values.first_name,
                last_name: values.last_name,
                job_title: values.job_title ?? null,
                email: values.email ?? null,
                phone: values.phone ?? null,
                company_id: values.company_id ?? null,
                owner_id: values.owner_id ?? actor.id,
              },
            });
            continue;
          }
          row.record = contactRecord(existing);
          const { id: existingId, ...before } = existing;
          // The e-mail found it, case aside: the record keeps its own spelling.
          const columns = {
            ...before,
            ...filledOnly(values),
            ...(email === before.email?.toLowerCase() ? { email: before.email } : {}),
          };
          if (same(before, columns)) {
            row.fate = 'unchanged';
            continue;
          }
          if (onExisting === 'skip') {
            row.fate = 'skip';
            row.reasons.push(importMessages.existingKept);
            continue;
          }
          // The forms' rule on an update: no move to an inactive company.
          if (companyChecked && !companyChecked.is_active && columns.company_id !== before.company_id) {
            refuse('company', importMessages.inactiveCompany);
            continue;
          }
          // Who owns a contact is a leader's or an admin's call, whatever the call that would change it.
          if (columns.owner_id !== before.owner_id && !can(actor.role, 'contact', 'reassign')) {
            refuse('owner', importMessages.ownerChangeForbidden);
            continue;
          }
          row.fate = 'update';
          writes.push({ action: 'update', line: row.line, id: existingId, columns, before });
          updates.push({ row, before, columns });
          updated.add(existing);
        }

        // The changes of the updates, with the names of the companies they leave.
        const left = updates.flatMap(({ before, columns }) =>
          before.company_id !== null && before.company_id !== columns.company_id && !companyNames.has(before.company_id)
            ? [before.company_id]
            : [],
        );
        for (const company of await found(new Set(left), (part) =>
          db.selectFrom('company').select(['id', 'name']).where('id', 'in', part).execute(),
        )) {
          companyNames.set(company.id, company.name);
        }
        for (const { row, before, columns } of updates) row.changes = changesOf(before, columns, contactFieldOf, shown);
        return writes;
      };
      return { chunk };
    },
    write,
  );
}
