import type { ReactNode } from 'react';

// Charts drawn as plain SVG: a few hundred lines of code rather than a charting library (none of these pages needs
// more than bars and lines), loaded with the report pages only. Colours keep a 3:1 contrast on the light and on
// the dark background; text and axes take antd's theme variables. Every chart comes with its data as a table.
export const SERIES_COLOURS = ['#1677ff', '#d4380d', '#389e0d', '#c41d7f'] as const;

export type ChartSeries = { name: string; values: readonly number[] };

type ChartProps = {
  title: string;
  // The label of each category (bars) or point (lines), in order.
  labels: readonly string[];
  series: readonly ChartSeries[];
  // The header of the table's first column.
  labelTitle: string;
};

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 16, right: 16, bottom: 56, left: 44 };
const text = 'var(--ant-color-text, rgba(0,0,0,.88))';
const grid = 'var(--ant-color-border-secondary, #f0f0f0)';

// A round maximum for the axis and four steps under it.
function scale(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ?? rough;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick * 100) / 100);
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

function Axes({ ticks, labels, x }: { ticks: number[]; labels: readonly string[]; x: (index: number) => number }) {
  const top = ticks[ticks.length - 1];
  const y = (value: number) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - value / top);
  const every = Math.max(1, Math.ceil((labels.length * 72) / (WIDTH - PAD.left - PAD.right)));
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={grid} />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={text}>
            {tick.toLocaleString('fr-FR')}
          </text>
        </g>
      ))}
      {labels.map((label, index) =>
        // Crowded labels: one in `every` is written (each point keeps its label in its tooltip and the table).
        index % every === 0 ? (
          <text key={`${label}-${index}`} x={x(index)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill={text}>
            {label.length > 12 ? `${label.slice(0, 11)}…` : label}
          </text>
        ) : null,
      )}
    </g>
  );
}

function Legend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="bo-chart__legend" aria-hidden="true">
      {series.map((entry, index) => (
        <li key={entry.name}>
          <span className="bo-chart__swatch" style={{ background: SERIES_COLOURS[index % SERIES_COLOURS.length] }} />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

function DataTable({ title, labels, series, labelTitle }: ChartProps) {
  return (
    <details className="bo-chart__data">
      <summary>Voir les données du graphique en tableau</summary>
      <table className="bo-chart__table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelTitle}</th>
            {series.map((entry) => (
              <th scope="col" key={entry.name}>
                {entry.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={`${label}-${index}`}>
              <th scope="row">{label}</th>
              {series.map((entry) => (
                <td key={entry.name}>{(entry.values[index] ?? 0).toLocaleString('fr-FR')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Figure({ title, children, props }: { title: string; children: ReactNode; props: ChartProps }) {
  return (
    <figure className="bo-chart">
      <figcaption className="bo-chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title} (données dans le tableau qui suit)`} className="bo-chart__svg">
        {children}
      </svg>
      <Legend series={props.series} />
      <DataTable {...props} />
    </figure>
  );
}

// Bars side by side per category (a user, a task type).
export function BarChart(props: ChartProps) {
  const { title, labels, series } = props;
  const ticks = scale(Math.max(0, ...series.flatMap((entry) => entry.values)));
  const top = ticks[ticks.length - 1];
  const band = (WIDTH - PAD.left - PAD.right) / Math.max(1, labels.length);
  const barWidth = Math.max(2, Math.min(28, (band * 0.8) / Math.max(1, series.length)));
  const x = (index: number) => PAD.left + band * index + band / 2;
  const height = (value: number) => (HEIGHT - PAD.top - PAD.bottom) * (value / top);
  return (
    <Figure title={title} props={props}>
      <Axes ticks={ticks} labels={labels} x={x} />
      {labels.map((label, index) =>
        series.map((entry, s) => {
          const value = entry.values[index] ?? 0;
          const left = x(index) - (barWidth * series.length) / 2 + barWidth * s;
          return (
            <rect
              key={`${label}-${entry.name}`}
              x={left}
              y={HEIGHT - PAD.bottom - height(value)}
              width={barWidth - 1}
              height={height(value)}
              fill={SERIES_COLOURS[s % SERIES_COLOURS.length]}
            >
              <title>{`${label} · ${entry.name} : ${value.toLocaleString('fr-FR')}`}</title>
            </rect>
          );
        }),
      )}
    </Figure>
  );
}

// A line per series over time (the months of a period).
export function LineChart(props: ChartProps) {
  const { title, labels, series } = props;
  const ticks = scale(Math.max(0, ...series.flatMap((entry) => entry.values)));
  const top = ticks[ticks.length - 1];
  const span = WIDTH - PAD.left - PAD.right;
  const x = (index: number) => (labels.length <= 1 ? PAD.left + span / 2 : PAD.left + (span * index) / (labels.length - 1));
  const y = (value: number) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - value / top);
  return (
    <Figure title={title} props={props}>
      <Axes ticks={ticks} labels={labels} x={x} />
      {series.map((entry, s) => {
        const colour = SERIES_COLOURS[s % SERIES_COLOURS.length];
        return (
          <g key={entry.name}>
            <polyline
              fill="none"
              stroke={colour}
              strokeWidth={2}
              points={entry.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
            />
            {entry.values.map((value, index) => (
              <circle key={index} cx={x(index)} cy={y(value)} r={3.5} fill={colour}>
                <title>{`${labels[index]} · ${entry.name} : ${value.toLocaleString('fr-FR')}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </Figure>
  );
}
