import { usePromise } from '@bo/ui/use-promise';
import { theme } from 'antd';
import { useMemo } from 'react';
import type { ChartColours, ChartKind, ChartSeries } from './chart-canvas';
import { loadChartCanvas } from './chart-loader';
import { swatchStyle, toneFills } from './chart-tones';

export type { ChartSeries } from './chart-canvas';

// Charts drawn by Chart.js (chosen for its weight, README "Reports"), downloaded with the report pages that show
// them and by no other page. The figure, its title, its legend and its data as a table are rendered here at once;
// the canvas joins them when the library has arrived.
type ChartProps = {
  title: string;
  // The label of each category (bars) or point (lines), in order.
  labels: readonly string[];
  series: readonly ChartSeries[];
  // The header of the table's first column.
  labelTitle: string;
};

const HEIGHT = 260;

// The colours come from antd's theme, so that the light and the dark themes both read well. The series take shade 7
// of antd's palettes, which the dark algorithm makes anew for the dark background: each keeps at least 3:1 against
// the card on both (blue 6.2 and 5.2, volcano 4.8 and 6.0, green 3.5 and 7.9, magenta 5.5 and 5.1). The tones take
// green, orange and red, shade 7 too (green 3.5 and 7.9, orange 3.6 and 8.0, red 5.6 and 4.8).
function useChartColours(): ChartColours {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      series: [token.blue7, token.volcano7, token.green7, token.magenta7],
      tones: { good: token.green7, warning: token.orange7, bad: token.red7 },
      background: token.colorBgContainer,
      text: token.colorTextSecondary,
      grid: token.colorBorderSecondary,
      tooltipBackground: token.colorBgSpotlight,
      tooltipText: token.colorTextLightSolid,
      fontFamily: token.fontFamily,
    }),
    [token],
  );
}

function Legend({ series, colours }: { series: readonly ChartSeries[]; colours: ChartColours }) {
  return (
    // The table names the series already.
    <ul className="bo-chart__legend" aria-hidden="true">
      {series.map((entry, index) => (
        <li key={entry.name}>
          <span
            className="bo-chart__swatch"
            data-tone={entry.tone}
            style={
              entry.tone
                ? swatchStyle(colours.tones[entry.tone], toneFills[entry.tone], colours.background)
                : { background: colours.series[index % colours.series.length] }
            }
          />
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

function Figure({ kind, ...props }: ChartProps & { kind: ChartKind }) {
  const colours = useChartColours();
  const library = usePromise(loadChartCanvas());
  return (
    <figure className="bo-chart">
      <figcaption className="bo-chart__title">{props.title}</figcaption>
      {library === null ? (
        <p className="bo-chart__unavailable">
          Le graphique n’a pas pu être chargé : ses données sont dans le tableau ci-dessous.
        </p>
      ) : library === undefined ? (
        // The canvas' room, kept while Chart.js downloads: the legend and the table do not move when it comes.
        <div style={{ height: HEIGHT }} />
      ) : (
        <library.ChartCanvas
          kind={kind}
          label={`${props.title} (données dans le tableau qui suit)`}
          labels={props.labels}
          series={props.series}
          colours={colours}
          height={HEIGHT}
        />
      )}
      <Legend series={props.series} colours={colours} />
      <DataTable {...props} />
    </figure>
  );
}

// Bars side by side per category (a user, a task type).
export function BarChart(props: ChartProps) {
  return <Figure kind="bar" {...props} />;
}

// A line per series over time (the months of a period).
export function LineChart(props: ChartProps) {
  return <Figure kind="line" {...props} />;
}
