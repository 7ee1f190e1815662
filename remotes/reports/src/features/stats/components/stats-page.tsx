import { useCan } from '@bo/client';
import {
  frenchDate,
  MEDIAN_DAYS_TO_FILL_LABEL,
  needsSheetStatsDefinitions,
  needsSheetStatsLabels,
  statsFigureLabels,
  type NeedsSheetStatsFigure,
  type StatsFigure,
  type StatsRow,
} from '@bo/contracts/reports';
import { LoadFailed, PageFrame } from '@bo/ui';
import { DataTable, type ListColumn } from '@bo/ui/list';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { BarChart, LineChart } from '../../../components/charts';
import { PeriodPicker, usePeriodParam } from '../../../components/period-picker';
import { ReportActions } from '../../../components/report-actions';
import { exportStats, statsQueryOptions } from '../api/stats';

const figures = Object.keys(statsFigureLabels) as StatsFigure[];
const sheetFigures = Object.keys(needsSheetStatsLabels) as NeedsSheetStatsFigure[];
// On the charts, lost before filled: the series' colours then read red for lost and green for filled.
const sheetChartFigures: NeedsSheetStatsFigure[] = ['sheetsOpened', 'sheetsLost', 'sheetsFilled'];
// Flows over the period add up; a month-end count does not (the last month's is shown per user).
const flows: StatsFigure[] = ['newContacts', 'activatedContacts', 'todosDone'];

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('fr-FR', { month: 'short', year: 'numeric' });
// On a chart's axis: "janv. 26".
const shortMonth = (month: string) =>
  `${new Date(`${month}-15T12:00:00Z`).toLocaleDateString('fr-FR', { month: 'short' })} ${month.slice(2, 4)}`;

function sum(rows: readonly StatsRow[], figure: StatsFigure | NeedsSheetStatsFigure): number {
  return rows.reduce((total, row) => total + row[figure], 0);
}

const days = (value: number | null) => (value === null ? '—' : value.toLocaleString('fr-FR'));

// The figures per month and user; the needs sheets' headers carry their definition.
const tableColumns: ListColumn<StatsRow>[] = [
  { key: 'month', title: 'Mois', render: (row) => monthLabel(row.month) },
  { key: 'trigram', title: 'Utilisateur' },
  {
    key: 'contacts',
    title: 'Contacts et tâches',
    children: figures.map((figure) => ({ key: figure, title: statsFigureLabels[figure], align: 'right' as const })),
  },
  {
    key: 'sheets',
    title: 'Fiches de besoin (responsable)',
    children: [
      ...sheetFigures.map((figure) => ({
        key: figure,
        title: needsSheetStatsLabels[figure],
        definition: needsSheetStatsDefinitions[figure],
        align: 'right' as const,
      })),
      {
        key: 'medianDaysToFill',
        title: MEDIAN_DAYS_TO_FILL_LABEL,
        definition: needsSheetStatsDefinitions.medianDaysToFill,
        align: 'right' as const,
        render: (row: StatsRow) => days(row.medianDaysToFill),
      },
    ],
  },
];

// /rapports/stats: per month and per user, new contacts, contacts out of standby, contacts en veille at month
// end, todos done, and the needs sheets they own opened, filled and lost with the median days to fill; lines over
// the months, bars per user, and the figures as a table. (A median is not a sum of the users' medians: it is in the
// table, per month and user, and in the CSV.)
export function StatsPage() {
  const { period, change } = usePeriodParam('year');
  const canExport = useCan('teamReport', 'export');
  const request = { from: period.from, to: period.to };
  const stats = useQuery(statsQueryOptions(request));
  const rows = stats.data ?? [];
  const months = [...new Set(rows.map((row) => row.month))];
  const users = [...new Set(rows.map((row) => row.trigram))].sort((a, b) => a.localeCompare(b, 'fr'));
  const lastMonth = months[months.length - 1];
  // A figure's total per month (all users), and per user over the period (or in one month).
  const perMonth = (figure: StatsFigure | NeedsSheetStatsFigure) =>
    months.map((month) =>
      sum(
        rows.filter((row) => row.month === month),
        figure,
      ),
    );
  const perUser = (figure: StatsFigure | NeedsSheetStatsFigure, month?: string) =>
    users.map((user) =>
      sum(
        rows.filter((row) => row.trigram === user && (month === undefined || row.month === month)),
        figure,
      ),
    );
  return (
    <PageFrame
      path="/rapports/stats"
      actions={
        <ReportActions
          fileName="statistiques.csv"
          exportFile={canExport ? () => exportStats(request) : undefined}
          disabled={rows.length === 0}
        />
      }
    >
      <div className="bo-report__filters bo-no-print">
        <PeriodPicker period={period} onChange={change} />
      </div>
      <p className="bo-report__period">
        Du {frenchDate(period.from)} au {frenchDate(period.to)}
      </p>
      {stats.isError && <LoadFailed onRetry={() => void stats.refetch()} />}
      {stats.isPending ? (
        <Spin description="Calcul des statistiques…" />
      ) : rows.length === 0 ? (
        <Empty description="Aucune donnée pour cette période" />
      ) : (
        <>
          <div className="bo-chart-grid">
            <LineChart
              title="Par mois, toute l’équipe"
              labelTitle="Mois"
              labels={months.map(shortMonth)}
              series={figures.map((figure) => ({ name: statsFigureLabels[figure], values: perMonth(figure) }))}
            />
            <BarChart
              title="Par utilisateur, sur la période"
              labelTitle="Utilisateur"
              labels={users}
              series={[
                ...flows.map((figure) => ({ name: statsFigureLabels[figure], values: perUser(figure) })),
                {
                  name: `${statsFigureLabels.standbyAtMonthEnd} (dernier mois)`,
                  values: perUser('standbyAtMonthEnd', lastMonth),
                },
              ]}
            />
            <LineChart
              title="Fiches de besoin de l’équipe, mois par mois"
              labelTitle="Mois"
              labels={months.map(shortMonth)}
              series={sheetChartFigures.map((figure) => ({
                name: needsSheetStatsLabels[figure],
                values: perMonth(figure),
              }))}
            />
            <BarChart
              title="Fiches de besoin par responsable, sur la période"
              labelTitle="Responsable"
              labels={users}
              series={sheetChartFigures.map((figure) => ({
                name: needsSheetStatsLabels[figure],
                values: perUser(figure),
              }))}
            />
          </div>
          <DataTable<StatsRow>
            label="Statistiques par mois et par utilisateur"
            rowKey={(row) => `${row.month}-${row.userId}`}
            rows={rows}
            loading={stats.isFetching && stats.isPlaceholderData}
            paging={{ perPage: 50, perPageOptions: [50, 100, 500] }}
            columns={tableColumns}
          />
        </>
      )}
    </PageFrame>
  );
}
