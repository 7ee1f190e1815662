import type { ListPage, TaskReportFigure, TaskReportGrouping, TaskReportRow, TaskReportTodo } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, iso, joined, parisDay, type ReportScope } from './sql';

export function createTaskReport(db: Db) {
  return {
    // The task report: the todos whose deadline falls in the period, counted per user or per task type.
    async tasks(
      scope: ReportScope,
      from: string,
      to: string,
      groupBy: TaskReportGrouping,
      today: string,
    ): Promise<TaskReportRow[]> {
      const key = groupBy === 'user' ? sql`u.id, u.trigram` : sql`tk.id, tk.description`;
      const { rows } = await sql<{
        id: number;
        label: string;
        planned: string;
        done: string;
        done_late: string;
        late: string;
      }>`
        select ${groupBy === 'user' ? sql`u.id` : sql`tk.id`} as id, ${groupBy === 'user' ? sql`u.trigram` : sql`tk.description`} as label,
          count(*) as planned,
          count(*) filter (where t.is_accomplished) as done,
          count(*) filter (where t.is_accomplished and ${parisDay(sql`t.execution_date`)} > t.deadline) as done_late,
          count(*) filter (where not t.is_accomplished and t.deadline < ${today}::date) as late
        from todo t join app_user u on u.id = t.owner_id join task tk on tk.id = t.task_id
        where t.is_active and t.deadline between ${from}::date and ${to}::date and ${inScope(scope, sql`t.owner_id`)}
        group by ${key}
        order by ${groupBy === 'user' ? sql`u.trigram` : sql`tk.description`}`.execute(db);
      return rows.map((row) => {
        const done = Number(row.done);
        const doneLate = Number(row.done_late);
        return {
          userId: groupBy === 'user' ? row.id : null,
          trigram: groupBy === 'user' ? row.label : null,
          taskId: groupBy === 'task' ? row.id : null,
          description: groupBy === 'task' ? row.label : null,
          planned: Number(row.planned),
          done,
          doneLate,
          late: Number(row.late),
          onTimeRate: done === 0 ? null : (done - doneLate) / done,
        };
      });
    },

    async taskTodos(
      scope: ReportScope,
      query: {
        from: string;
        to: string;
        figure: TaskReportFigure;
        userId?: number;
        taskId?: number;
        page: number;
        perPage: number;
      },
      today: string,
    ): Promise<ListPage<TaskReportTodo>> {
      const where = [
        sql`t.is_active`,
        sql`t.deadline between ${query.from}::date and ${query.to}::date`,
        inScope(scope, sql`t.owner_id`),
      ];
      if (query.figure === 'done') where.push(sql`t.is_accomplished`);
      if (query.figure === 'doneLate')
        where.push(sql`t.is_accomplished and ${parisDay(sql`t.execution_date`)} > t.deadline`);
      if (query.figure === 'late') where.push(sql`not t.is_accomplished and t.deadline < ${today}::date`);
      if (query.userId !== undefined) where.push(sql`t.owner_id = ${query.userId}`);
      if (query.taskId !== undefined) where.push(sql`t.task_id = ${query.taskId}`);
      const { rows } = await sql<{
        id: number;
        deadline: string;
        execution_date: string | null;
        is_accomplished: boolean;
        task_id: number;
        description: string;
        owner_id: number;
        trigram: string;
        contact_id: number;
        first_name: string;
        last_name: string;
        company_name: string | null;
        total: string;
      }>`
        select t.id, to_char(t.deadline, 'YYYY-MM-DD') as deadline, case when t.execution_date is null then null else ${iso(sql`t.execution_date`)} end as execution_date,
          t.is_accomplished, tk.id as task_id, tk.description, u.id as owner_id, u.trigram, k.id as contact_id, k.first_name, k.last_name,
          co.name as company_name, count(*) over () as total
        from todo t join task tk on tk.id = t.task_id join app_user u on u.id = t.owner_id join contact k on k.id = t.contact_id
        left join company co on co.id = k.company_id
        where ${joined(where, ' and ')}
        order by t.deadline, t.id
        limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(db);
      return {
        items: rows.map((row) => ({
          id: row.id,
          deadline: row.deadline,
          executionDate: row.execution_date,
          isAccomplished: row.is_accomplished,
          task: { id: row.task_id, description: row.description },
          owner: { id: row.owner_id, trigram: row.trigram },
          contact: { id: row.contact_id, firstName: row.first_name, lastName: row.last_name },
          companyName: row.company_name,
        })),
        total: rows.length === 0 ? 0 : Number(rows[0].total),
      };
    },
  };
}
