import { useCan } from '@bo/client';
import {
  formatRate,
  frenchDate,
  frenchDateTime,
  reportDefinitions,
  taskReportFigures,
  type TaskReportFigure,
  type TaskReportGrouping,
  type TaskReportRow,
  type TaskReportTodo,
} from '@bo/contracts/reports';
import { LoadFailed, OffCanvas, PageFrame } from '@bo/ui';
import { DataTable, type ListColumn } from '@bo/ui/list';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Radio, Spin } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BarChart } from '../../../components/charts';
import { PeriodPicker, usePeriodParam, type Period } from '../../../components/period-picker';
import { ReportActions } from '../../../components/report-actions';
import { exportTaskReport, figureTodosQueryOptions, taskReportQueryOptions } from '../api/task-report';

const figureTitles: Record<TaskReportFigure, string> = {
  planned: 'Prévues',
  done: 'Abouties',
  doneLate: 'Abouties en retard',
  late: 'En retard',
};

const TODOS_PER_PAGE = 20;
type Opened = { figure: TaskReportFigure; row: TaskReportRow };

const rowName = (row: TaskReportRow) => row.trigram ?? row.description ?? '';

const todoColumns: ListColumn<TaskReportTodo>[] = [
  { key: 'deadline', title: 'Échéance', render: (todo) => frenchDate(todo.deadline) },
  { key: 'task', title: 'Tâche', render: (todo) => todo.task.description },
  { key: 'contact', title: 'Contact', render: (todo) => `${todo.contact.firstName} ${todo.contact.lastName}` },
  { key: 'company', title: 'Société', render: (todo) => todo.companyName ?? '' },
  { key: 'owner', title: 'Utilisateur', render: (todo) => todo.owner.trigram },
  {
    key: 'done',
    title: 'Aboutie le',
    render: (todo) => (todo.executionDate ? frenchDateTime(todo.executionDate) : 'En attente'),
  },
];

// The todos behind a figure, in a side panel.
function FigureTodos({ opened, period, onClose }: { opened: Opened | null; period: Period; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const request =
    opened === null
      ? null
      : {
          from: period.from,
          to: period.to,
          figure: opened.figure,
          userId: opened.row.userId ?? undefined,
          taskId: opened.row.taskId ?? undefined,
          page,
          perPage: TODOS_PER_PAGE,
        };
  const todos = useQuery({
    ...figureTodosQueryOptions(request ?? { from: period.from, to: period.to, figure: 'planned', page: 1, perPage: 1 }),
    enabled: request !== null,
  });
  const title = opened === null ? '' : `${figureTitles[opened.figure]} · ${rowName(opened.row)}`;
  return (
    <OffCanvas open={opened !== null} onClose={onClose} title={title} afterOpenChange={(open) => !open && setPage(1)}>
      {todos.isPending ? (
        <Spin description="Chargement des tâches…" />
      ) : todos.isError ? (
        <LoadFailed title="Les tâches n’ont pas pu être chargées." onRetry={() => void todos.refetch()} />
      ) : (
        <DataTable<TaskReportTodo>
          label={title}
          rowKey={(todo) => todo.id}
          rows={todos.data.items}
          emptyText="Aucune tâche"
          paging={{ page, perPage: TODOS_PER_PAGE, total: todos.data.total, onChange: setPage }}
          columns={todoColumns}
        />
      )}
    </OffCanvas>
  );
}

// /rapports/taches: for a period, the todos planned, done, done late and still late, per user or per task type.
export function TaskReportPage() {
  const { period, change } = usePeriodParam('month');
  const [params, setParams] = useSearchParams();
  const groupBy: TaskReportGrouping = params.get('par') === 'task' ? 'task' : 'user';
  const canExport = useCan('teamReport', 'export');
  const [opened, setOpened] = useState<Opened | null>(null);
  const request = { from: period.from, to: period.to, groupBy };
  const report = useQuery(taskReportQueryOptions(request));
  const rows = report.data ?? [];
  const setGroupBy = (next: TaskReportGrouping) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'user') out.delete('par');
      else out.set('par', next);
      return out;
    });
  const figureCell = (figure: TaskReportFigure) => (row: TaskReportRow) => {
    const value = row[figure];
    // Aligned with the figures that are links (their padding).
    if (value === 0) return <span style={{ paddingInline: 7 }}>0</span>;
    return (
      <Button
        type="link"
        size="small"
        onClick={() => setOpened({ figure, row })}
        aria-label={`${value} ${figureTitles[figure].toLowerCase()} pour ${rowName(row)} : voir les tâches`}
      >
        {value.toLocaleString('fr-FR')}
      </Button>
    );
  };
  return (
    <PageFrame
      path="/rapports/taches"
      actions={
        <ReportActions
          fileName="rapport-taches.csv"
          exportFile={canExport ? () => exportTaskReport(request) : undefined}
          disabled={rows.length === 0}
        />
      }
    >
      <div className="bo-report__filters bo-no-print">
        <PeriodPicker period={period} onChange={change} />
        <div className="bo-table__filter" role="group" aria-labelledby="task-report-by">
          <div id="task-report-by" className="bo-table__filter-label">
            Regrouper par
          </div>
          <Radio.Group
            value={groupBy}
            onChange={(event) => setGroupBy(event.target.value as TaskReportGrouping)}
            optionType="button"
          >
            <Radio.Button value="user">Utilisateur</Radio.Button>
            <Radio.Button value="task">Type de tâche</Radio.Button>
          </Radio.Group>
        </div>
      </div>
      <p className="bo-report__period">
        Du {frenchDate(period.from)} au {frenchDate(period.to)} · une tâche compte dans la période où tombe son
        échéance.
      </p>
      {report.isError && <LoadFailed onRetry={() => void report.refetch()} />}
      {report.isPending ? (
        <Spin description="Calcul du rapport…" />
      ) : rows.length === 0 ? (
        <Empty description="Aucune tâche dans cette période" />
      ) : (
        <>
          <DataTable<TaskReportRow>
            label="Rapport des tâches"
            rowKey={(row) => `${row.userId ?? ''}-${row.taskId ?? ''}`}
            rows={rows}
            loading={report.isFetching && report.isPlaceholderData}
            columns={[
              { key: 'name', title: groupBy === 'user' ? 'Utilisateur' : 'Type de tâche', render: rowName },
              ...taskReportFigures.map((figure) => ({
                key: figure,
                title: figureTitles[figure],
                definition: reportDefinitions[figure],
                align: 'right' as const,
                render: figureCell(figure),
              })),
              {
                key: 'onTimeRate',
                title: 'Taux à temps',
                definition: reportDefinitions.onTimeRate,
                align: 'right' as const,
                render: (row: TaskReportRow) => formatRate(row.onTimeRate) || '—',
              },
            ]}
          />
          <BarChart
            title="Tâches par utilisateur ou type : abouties à temps, abouties en retard, en retard"
            labelTitle={groupBy === 'user' ? 'Utilisateur' : 'Type de tâche'}
            labels={rows.map(rowName)}
            series={[
              { name: 'Abouties à temps', values: rows.map((row) => row.done - row.doneLate), tone: 'good' },
              { name: 'Abouties en retard', values: rows.map((row) => row.doneLate), tone: 'warning' },
              { name: 'En retard', values: rows.map((row) => row.late), tone: 'bad' },
            ]}
          />
        </>
      )}
      <FigureTodos opened={opened} period={period} onClose={() => setOpened(null)} />
    </PageFrame>
  );
}
