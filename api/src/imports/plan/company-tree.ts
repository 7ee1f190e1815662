import { importMessages } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { NO_COMPANY, type CompanyCandidate, type ParentFound } from './company-records';
import { batches } from './matching';

// The groups of companies, which an import must leave trees: the parents as the import leaves them, and the rows
// whose parent comes later in the file decided in an order where a parent comes before its subsidiaries.

export function companyTree(db: Executor) {
  // The parent of each company the file creates or moves (NO_COMPANY: none), and of existing companies as the
  // database has them, read up their chains as needed: a group must stay a tree.
  const plannedParents = new Map<number, number>();
  const databaseParents = new Map<number, number | null>();

  // Whether `ancestor` is `company` or above it, up the chain as the import leaves it.
  const isAbove = (ancestor: number, company: number): boolean => {
    const visited = new Set<number>();
    for (
      let current: number | null | undefined = company;
      current !== undefined && current !== null && current !== NO_COMPANY;
    ) {
      if (current === ancestor || visited.has(current)) return true;
      visited.add(current);
      current = plannedParents.has(current)
        ? plannedParents.get(current)
        : current > 0
          ? databaseParents.get(current)
          : null;
    }
    return false;
  };

  // The parents of these existing companies up to the top of their groups, as the database has them.
  const readChains = async (ids: number[]) => {
    const missing = [...new Set(ids)].filter((id) => !databaseParents.has(id));
    for (const part of batches(missing)) {
      const chain = await sql<{ id: number; parent_id: number | null }>`
        with recursive up(id, parent_id) as (
          select id, parent_id from company where id in (${sql.join(part)})
          union
          select c.id, c.parent_id from company c join up on c.id = up.parent_id
        )
        select id, parent_id from up`.execute(db);
      for (const company of chain.rows) databaseParents.set(company.id, company.parent_id);
    }
  };
  return { plannedParents, isAbove, readChains };
}

// The rows kept back, in an order where a parent comes before its subsidiaries: each follows the lines it
// waits for up to one that can be decided; a line met again on the way closes a loop, whose lines are refused.
// `decide`: a row decided once its parent is found, or refused; each row is decided once.
export function settleInParentOrder(
  waiting: CompanyCandidate[],
  findParent: (candidate: CompanyCandidate, fileRead: boolean) => ParentFound,
  decide: (candidate: CompanyCandidate, parent: ParentFound) => void,
): void {
  const pending = new Map(waiting.map((candidate) => [candidate.row.line, candidate]));
  const settle = (candidate: CompanyCandidate, parent: ParentFound) => {
    pending.delete(candidate.row.line);
    decide(candidate, parent);
  };
  for (const start of waiting) {
    const path: CompanyCandidate[] = [];
    const onPath = new Set<number>();
    let current: CompanyCandidate | undefined = pending.has(start.row.line) ? start : undefined;
    while (current !== undefined) {
      const parent = findParent(current, true);
      const next = 'waitFor' in parent && parent.waitFor !== null ? pending.get(parent.waitFor) : undefined;
      if (next === undefined) {
        settle(current, parent);
        current = path.pop();
        if (current !== undefined) onPath.delete(current.row.line);
      } else if (onPath.has(next.row.line)) {
        const loop = [...path.slice(path.indexOf(next)), current];
        const loopLines = loop.map((candidate) => candidate.row.line).sort((a, b) => a - b);
        for (const candidate of loop) settle(candidate, { problem: importMessages.parentCycle(loopLines) });
        path.length = path.indexOf(next);
        for (const candidate of loop) onPath.delete(candidate.row.line);
        current = path.pop();
        if (current !== undefined) onPath.delete(current.row.line);
      } else {
        path.push(current);
        onPath.add(current.row.line);
        current = next;
      }
    }
  }
}
