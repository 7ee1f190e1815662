import {
  can,
  formatPhone,
  formatRegistrationId,
  importMessages,
  type ImportMapping,
  type OnExisting,
} from '@bo/contracts/all';
import type { Executor } from '../../db/database';
import type { Actor } from '../../domain/actor';
import type { CsvFile } from '../read-csv-file';
import { compact, companyRefKey, foldName, isSiretRef, ownCopy, ownValues, usersByTrigram } from './cells';
import { planInChunks, type PlanReport, type Row, type WriteChunk } from './chunks';
import type { CompanyColumns, PlannedWrite } from './columns';
import { companyFieldOf, readCompanyRow } from './company-cells';
import {
  companyRecord,
  companyText,
  existingCompanies,
  NO_COMPANY,
  type CompanyCandidate,
  type CompanyUpdate,
  type ExistingCompany,
  type ParentFound,
} from './company-records';
import { companyTree, settleInParentOrder } from './company-tree';
import { changesOf, filledOnly, found, same, UpdatedRecords } from './matching';

// The plan of a companies file: each row matched by its SIRET (and its « Identifiant »), its parent found in the
// database or in the file (a parent may come later in the file), and the groups kept trees.
export async function planCompanies(
  db: Executor,
  actor: Actor,
  file: CsvFile,
  requested: ImportMapping | undefined,
  onExisting: OnExisting,
  write?: WriteChunk<CompanyColumns>,
): Promise<PlanReport> {
  const users = await usersByTrigram(db);
  const trigrams = new Map([...users.values()].map((user) => [user.id, user.trigram]));

  return planInChunks(
    'companies',
    file,
    requested,
    ({ cell, columnOf, created }) => {
      // Kept from one chunk to the next: the first line of each SIRET, name and id of the file; the companies updated.
      const firstBySiret = new Map<string, number>();
      const firstByName = new Map<string, number>();
      const firstById = new Map<string, number>();
      const updated = new UpdatedRecords<ExistingCompany, 'siret' | 'name' | 'id'>(
        { siret: (c) => c.registration_id, name: (c) => foldName(c.name), id: (c) => String(c.id) },
        created,
      );
      // Each line of the file planned: the company it is (see NO_COMPANY).
      const lineCompanies = new Map<number, number>();
      // The parents as the import leaves them: a group must stay a tree.
      const { plannedParents, isAbove, readChains } = companyTree(db);
      // The names a change of parent shows: existing companies as before the import, created ones as the file has them.
      const companyNames = new Map<number, string>();
      // The inactive companies met (a parent named, or a row's own company): never a new subsidiary's parent.
      const inactive = new Set<number>();
      // The rows whose parent comes later in the file, decided once it is read.
      const waiting: CompanyCandidate[] = [];
      const parentColumn = columnOf('parent');

      // The names of these existing companies as before the import (the import may have renamed some already).
      const readNames = async (ids: number[]) => {
        const missing = [...new Set(ids)].filter((id) => id > 0 && !companyNames.has(id));
        for (const id of missing) {
          const renamed = updated.get(id);
          if (renamed !== undefined) companyNames.set(id, renamed.name);
        }
        const unread = missing.filter((id) => !companyNames.has(id));
        for (const company of await found(unread, (part) =>
          db.selectFrom('company').select(['id', 'name']).where('id', 'in', part).execute(),
        )) {
          companyNames.set(company.id, company.name);
        }
      };

      const shown = (column: keyof CompanyColumns, value: unknown): string | null => {
        if (value === null || value === undefined) return null;
        if (column === 'owner_id') return trigrams.get(Number(value)) ?? String(value);
        if (column === 'parent_id') return companyNames.get(Number(value)) ?? String(value);
        if (column === 'phone') return formatPhone(String(value));
        if (column === 'registration_id') return formatRegistrationId(String(value));
        return String(value);
      };

      // The company a parent cell names: decided, a problem, or a line of the file to wait for (null: a company
      // the file may name later). Once the file is read, nothing is waited for but lines kept back themselves.
      const findParent = (candidate: CompanyCandidate, fileRead: boolean): ParentFound => {
        const ref = candidate.parentRef ?? '';
        const bySiret = isSiretRef(ref);
        const line = (bySiret ? firstBySiret : firstByName).get(companyRefKey(ref));
        const known = candidate.parentDb;
        if (line === candidate.row.line) return { problem: importMessages.ownParent };
        if (line !== undefined) {
          const company = lineCompanies.get(line);
          if (company === undefined) return { waitFor: line };
          // A SIRET is one company, whatever became of its line; a name that is both an existing company and another
          // company of the file is not guessed.
          if (known !== null && (company === known.id || (company === NO_COMPANY && bySiret)))
            return { company: known.id };
          if (known !== null) return { problem: importMessages.ambiguousParent(line, companyText(known)) };
          if (company === NO_COMPANY) return { problem: importMessages.parentNotImported(line) };
          return { company };
        }
        if (known !== null) return { company: known.id };
        return fileRead ? { problem: importMessages.unknownParent } : { waitFor: null };
      };

      // What a matched row does, its parent found (null: none named).
      const decide = (
        candidate: CompanyCandidate,
        parent: number | null,
        updates: CompanyUpdate[],
      ): PlannedWrite<CompanyColumns> | undefined => {
        const { row, values, existing } = candidate;
        const refuse = (message: string) => {
          row.problems.push({ line: row.line, column: parentColumn, message });
          lineCompanies.set(row.line, existing?.id ?? NO_COMPANY);
          return undefined;
        };
        const underInactive = parent !== null && inactive.has(parent);
        if (existing === undefined) {
          if (values.name === undefined || values.registration_id === undefined) return undefined;
          // A new company is active: never under an inactive parent.
          if (underInactive) return refuse(importMessages.inactiveParent);
          row.fate = 'create';
          lineCompanies.set(row.line, -row.line);
          plannedParents.set(-row.line, parent ?? NO_COMPANY);
          companyNames.set(-row.line, ownCopy(values.name));
          return {
            action: 'create',
            line: row.line,
            columns: {
              name: values.name,
              registration_id: values.registration_id,
              parent_id: parent !== null && parent > 0 ? parent : null,
              address: values.address ?? null,
              postal_code: values.postal_code ?? null,
              city: values.city ?? null,
              phone: values.phone ?? null,
              website: values.website ?? null,
              sector: values.sector ?? null,
              owner_id: values.owner_id ?? actor.id,
            },
            ...(parent !== null && parent < 0 ? { parentLine: -parent } : {}),
          };
        }
        lineCompanies.set(row.line, existing.id);
        const { id, is_active: active, ...before } = existing;
        const moves = parent !== null && parent !== before.parent_id;
        if (moves) {
          if (parent === id) return refuse(importMessages.ownParent);
          if (isAbove(id, parent)) return refuse(importMessages.parentIsSubsidiary);
          // An active company is never placed under an inactive parent.
          if (underInactive && active) return refuse(importMessages.inactiveParent);
        }
        // Update: the mapped fields with a value only; the rest of the record stays as it is.
        const columns: CompanyColumns = {
          ...before,
          ...filledOnly(values),
          parent_id: moves && parent > 0 ? parent : before.parent_id,
        };
        if (!moves && same(before, columns)) {
          row.fate = 'unchanged';
          return undefined;
        }
        if (onExisting === 'skip') {
          row.fate = 'skip';
          row.reasons.push(importMessages.existingKept);
          return undefined;
        }
        // Who owns a company is a leader's or an admin's call, whatever the call that would change it.
        if (columns.owner_id !== before.owner_id && !can(actor.role, 'company', 'reassign')) {
          row.problems.push({
            line: row.line,
            column: columnOf('owner'),
            message: importMessages.ownerChangeForbidden,
          });
          return undefined;
        }
        row.fate = 'update';
        if (moves) plannedParents.set(id, parent);
        updated.add(existing);
        updates.push({ row, before, columns, parent: moves ? parent : null });
        return {
          action: 'update',
          line: row.line,
          id,
          columns,
          before,
          ...(moves && parent < 0 ? { parentLine: -parent } : {}),
        };
      };

      // The changes of the updates decided, once the names they show are known.
      const describe = async (updates: CompanyUpdate[]) => {
        await readNames(
          updates.flatMap(({ before, parent }) => (parent === null ? [] : [before.parent_id ?? NO_COMPANY, parent])),
        );
        for (const { row, before, columns, parent } of updates) {
          row.changes = changesOf(before, columns, companyFieldOf, shown);
          if (parent !== null && parent < 0) {
            row.changes.push({
              field: companyFieldOf.parent_id,
              before: shown('parent_id', before.parent_id),
              after: companyNames.get(parent) ?? null,
            });
          }
        }
      };

      const chunk = async (rows: Row[]): Promise<PlannedWrite<CompanyColumns>[]> => {
        const parsed = rows.map((row) => readCompanyRow(row, { cell, columnOf }, users));

        // Duplicates inside the file: the same SIRET, name or id as an earlier row.
        for (const { row, values, id } of parsed) {
          if (row.problems.length > 0) continue;
          const bySiret = values.registration_id === undefined ? undefined : firstBySiret.get(values.registration_id);
          const byName = values.name === undefined ? undefined : firstByName.get(foldName(values.name));
          const byId = id === undefined ? undefined : firstById.get(String(id));
          if (bySiret !== undefined)
            row.problems.push({
              line: row.line,
              column: columnOf('registrationId'),
              message: importMessages.duplicateInFile(bySiret),
            });
          else if (byName !== undefined)
            row.problems.push({
              line: row.line,
              column: columnOf('name'),
              message: importMessages.duplicateInFile(byName),
            });
          else if (byId !== undefined)
            row.problems.push({
              line: row.line,
              column: columnOf('id'),
              message: importMessages.duplicateInFile(byId),
            });
          else {
            if (values.registration_id !== undefined) firstBySiret.set(ownCopy(values.registration_id), row.line);
            if (values.name !== undefined) firstByName.set(ownCopy(foldName(values.name)), row.line);
            if (id !== undefined) firstById.set(String(id), row.line);
          }
        }

        // The database's companies with these SIRETs, names or ids, the rows' own and their parents'.
        const valid = parsed.filter(({ row }) => row.problems.length === 0);
        const { bySiret, byName, byId } = await existingCompanies(db, updated, valid);
        const candidates: CompanyCandidate[] = [];
        for (const { row, values, id, parentRef } of valid) {
          if (values.registration_id === undefined || values.name === undefined) continue;
          const existing = bySiret.get(values.registration_id);
          const namesake = byName.get(foldName(values.name));
          const identified = id === undefined ? undefined : byId.get(id);
          const refuse = (column: string, message: string) => {
            row.problems.push({ line: row.line, column, message });
            lineCompanies.set(row.line, existing?.id ?? NO_COMPANY);
          };
          if (existing !== undefined) row.record = companyRecord(existing);
          // The id, when the file has one, names the company the SIRET names, or the row is not guessed.
          if (id !== undefined && identified === undefined) refuse(columnOf('id'), importMessages.unknownId);
          else if (identified !== undefined && existing === undefined)
            refuse(columnOf('id'), importMessages.idOtherSiret(companyText(identified)));
          else if (identified !== undefined && existing !== undefined && identified.id !== existing.id) {
            refuse(columnOf('id'), importMessages.idConflict(companyText(existing), companyText(identified)));
          } else if (namesake !== undefined && namesake.id !== existing?.id)
            refuse(columnOf('name'), importMessages.existingName);
          else {
            const parentDb =
              parentRef === undefined
                ? null
                : ((isSiretRef(parentRef) ? bySiret.get(compact(parentRef)) : byName.get(foldName(parentRef))) ?? null);
            candidates.push({ row, values, existing, parentRef, parentDb });
          }
        }
        // What a parent may need of these companies, the rows' own (a later row may name one by its line) and those
        // the parent cells name: whether they are active, and their groups.
        const met = candidates
          .flatMap(({ existing, parentDb }) => [existing, parentDb ?? undefined])
          .filter((company) => company !== undefined);
        for (const company of met) if (!company.is_active) inactive.add(company.id);
        await readChains(met.map((company) => company.id));

        const writes: PlannedWrite<CompanyColumns>[] = [];
        const updates: CompanyUpdate[] = [];
        for (const candidate of candidates) {
          const parent = candidate.parentRef === undefined ? null : findParent(candidate, false);
          if (parent !== null && 'waitFor' in parent) {
            // Kept until the file is read: its strings copied off the file's piece.
            const { row } = candidate;
            row.cells = row.cells.map(ownCopy);
            row.label = ownCopy(row.label);
            candidate.values = ownValues(candidate.values);
            candidate.parentRef = ownCopy(candidate.parentRef ?? '');
            waiting.push(candidate);
            continue;
          }
          if (parent !== null && 'problem' in parent) {
            candidate.row.problems.push({ line: candidate.row.line, column: parentColumn, message: parent.problem });
            lineCompanies.set(candidate.row.line, candidate.existing?.id ?? NO_COMPANY);
            continue;
          }
          const planned = decide(candidate, parent?.company ?? null, updates);
          if (planned !== undefined) writes.push(planned);
        }
        await describe(updates);
        return writes;
      };

      // The rows kept back, decided once the whole file is read: a parent before its subsidiaries.
      const finish = async () => {
        const writes: PlannedWrite<CompanyColumns>[] = [];
        const updates: CompanyUpdate[] = [];
        settleInParentOrder(waiting, findParent, (candidate, parent) => {
          if ('company' in parent) {
            const planned = decide(candidate, parent.company, updates);
            if (planned !== undefined) writes.push(planned);
            return;
          }
          const message = 'problem' in parent ? parent.problem : importMessages.unknownParent;
          candidate.row.problems.push({ line: candidate.row.line, column: parentColumn, message });
          lineCompanies.set(candidate.row.line, candidate.existing?.id ?? NO_COMPANY);
        });
        await describe(updates);
        return { rows: waiting.map((candidate) => candidate.row), writes };
      };

      return { chunk, finish };
    },
    write,
  );
}
