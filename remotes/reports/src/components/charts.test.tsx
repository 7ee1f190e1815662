import 'jest-canvas-mock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, theme } from 'antd';
import { contrastRatio } from '@bo/contracts/records';
import { Chart, type ChartType } from 'chart.js';
import type { ReactElement } from 'react';
import { BarChart, LineChart } from './charts';

// jsdom has no canvas and no layout: jest-canvas-mock gives Chart.js a 2D context that records what is drawn, and
// the chart's box is given the size a browser would (Chart.js sizes its canvas to it). Chart.js itself runs.
beforeEach(() => {
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue(DOMRect.fromRect({ width: 640, height: 260 }));
});
afterEach(() => {
  jest.restoreAllMocks();
});

const props = {
  labelTitle: 'Utilisateur',
  labels: ['COM', 'REC'],
  series: [
    { name: 'Abouties', values: [12, 3] },
    { name: 'En retard', values: [1, 0] },
  ],
};

const light = theme.getDesignToken({ algorithm: theme.defaultAlgorithm });
const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });

// The chart behind a canvas, once Chart.js has arrived (it comes in a chunk of its own).
async function chartNamed(name: RegExp): Promise<{ canvas: HTMLCanvasElement; chart: Chart<ChartType> }> {
  const canvas = (await screen.findByRole('img', { name })) as HTMLCanvasElement;
  expect(canvas.tagName).toBe('CANVAS');
  const chart = Chart.getChart(canvas);
  if (!chart) throw new Error('no chart on the canvas');
  return { canvas, chart };
}

// What Chart.js wrote on the canvas (axis labels), from the recording context.
function textsDrawn(canvas: HTMLCanvasElement): string[] {
  const fillText = canvas.getContext('2d')?.fillText as unknown as jest.Mock<void, [string]>;
  return fillText.mock.calls.map(([text]) => text);
}

function inTheme(element: ReactElement, algorithm: typeof theme.darkAlgorithm) {
  return render(<ConfigProvider theme={{ algorithm }}>{element}</ConfigProvider>);
}

describe('charts', () => {
  it('names the chart and gives its figures as a table, a bar per value', async () => {
    render(<BarChart title="Tâches par utilisateur" {...props} />);
    const { canvas, chart } = await chartNamed(/Tâches par utilisateur/);
    expect(canvas).toHaveAccessibleName('Tâches par utilisateur (données dans le tableau qui suit)');
    expect(chart.config).toMatchObject({ type: 'bar' });
    expect(chart.data.datasets.map((dataset) => [dataset.label, dataset.data])).toEqual([
      ['Abouties', [12, 3]],
      ['En retard', [1, 0]],
    ]);
    expect(chart.getDatasetMeta(0).data).toHaveLength(2);
    expect(chart.getDatasetMeta(1).data).toHaveLength(2);
    // The axis counts in whole numbers up to the largest value at least; the users are written under their bars.
    const ticks = chart.scales.y.ticks.map((tick) => tick.value);
    expect(ticks.every(Number.isInteger)).toBe(true);
    expect(chart.scales.y.max).toBeGreaterThanOrEqual(12);
    await waitFor(() =>
      expect(textsDrawn(canvas)).toEqual(expect.arrayContaining(['COM', 'REC', String(ticks[ticks.length - 1])])),
    );

    await userEvent.click(screen.getByText('Voir les données du graphique en tableau'));
    const table = screen.getByRole('table', { name: 'Tâches par utilisateur' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Utilisateur', 'Abouties', 'En retard'],
      ['COM', '12', '1'],
      ['REC', '3', '0'],
    ]);
  });

  it('draws a line per series, a point per label, with the values of a label in a French tooltip', async () => {
    const series = [...props.series, { name: 'Prévues', values: [1200, 40] }];
    render(<LineChart title="Par mois" {...props} series={series} />);
    const { canvas, chart } = await chartNamed(/Par mois/);
    expect(chart.config).toMatchObject({ type: 'line' });
    expect(chart.data.datasets).toHaveLength(3);
    expect(chart.getDatasetMeta(2).data).toHaveLength(2);
    // Numbers the French way on the axis (a narrow no-break space between thousands).
    await waitFor(() => expect(textsDrawn(canvas)).toContain((1200).toLocaleString('fr-FR')));

    // What a pointer resting above REC shows.
    chart.tooltip?.setActiveElements(
      series.map((_, datasetIndex) => ({ datasetIndex, index: 1 })),
      { x: 0, y: 0 },
    );
    chart.update();
    expect(chart.tooltip?.title).toEqual(['REC']);
    expect(chart.tooltip?.body.map((item) => item.lines.join())).toEqual([
      'Abouties : 3',
      'En retard : 0',
      'Prévues : 40',
    ]);
  });

  it("takes its colours from antd's theme, light or dark", async () => {
    const seriesColours = (token: typeof light) => [token.blue7, token.volcano7];
    const { unmount } = inTheme(<BarChart title="Clair" {...props} />, theme.defaultAlgorithm);
    const lightChart = (await chartNamed(/Clair/)).chart;
    expect(lightChart.data.datasets.map((dataset) => dataset.backgroundColor)).toEqual(seriesColours(light));
    expect(lightChart.options.scales?.y?.ticks?.color).toBe(light.colorTextSecondary);
    expect(lightChart.options.scales?.y?.grid?.color).toBe(light.colorBorderSecondary);
    const lightSwatches = Array.from(document.querySelectorAll<HTMLElement>('.bo-chart__swatch')).map(
      (swatch) => swatch.style.background,
    );
    unmount();

    inTheme(<BarChart title="Sombre" {...props} />, theme.darkAlgorithm);
    const darkChart = (await chartNamed(/Sombre/)).chart;
    expect(darkChart.data.datasets.map((dataset) => dataset.backgroundColor)).toEqual(seriesColours(dark));
    expect(darkChart.options.scales?.y?.ticks?.color).toBe(dark.colorTextSecondary);
    expect(darkChart.options.plugins?.tooltip?.backgroundColor).toBe(dark.colorBgSpotlight);
    // The legend follows: its swatches changed with the theme, as the bars did.
    const darkSwatches = Array.from(document.querySelectorAll<HTMLElement>('.bo-chart__swatch')).map(
      (swatch) => swatch.style.background,
    );
    expect(darkSwatches).toHaveLength(2);
    expect(darkSwatches).not.toEqual(lightSwatches);
    expect(seriesColours(dark)).not.toEqual(seriesColours(light));
  });

  it('paints late as bad news in both themes: red and striped, done late orange and dotted, on time green and plain', async () => {
    const toned = {
      ...props,
      series: [
        { name: 'Abouties à temps', values: [12, 3], tone: 'good' as const },
        { name: 'Abouties en retard', values: [2, 1], tone: 'warning' as const },
        { name: 'En retard', values: [1, 4], tone: 'bad' as const },
      ],
    };
    for (const [name, algorithm, token] of [
      ['Clair', theme.defaultAlgorithm, light],
      ['Sombre', theme.darkAlgorithm, dark],
    ] as const) {
      const { unmount } = inTheme(<BarChart title={name} {...toned} />, algorithm);
      const { chart } = await chartNamed(new RegExp(name));
      const [onTime, doneLate, late] = chart.data.datasets;
      expect([onTime.borderColor, doneLate.borderColor, late.borderColor]).toEqual([
        token.green7,
        token.orange7,
        token.red7,
      ]);
      // Plain for good news; a pattern (not a bare colour) for the two others.
      expect(onTime.backgroundColor).toBe(token.green7);
      expect(typeof doneLate.backgroundColor).not.toBe('string');
      expect(typeof late.backgroundColor).not.toBe('string');
      // Each tone stands out from the card (3:1 for a graphic, WCAG 1.4.11).
      for (const colour of [token.green7, token.orange7, token.red7]) {
        expect(contrastRatio(colour, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
      }
      // The legend draws each swatch as its bars: striped late, dotted done late.
      const swatches = Array.from(document.querySelectorAll<HTMLElement>('.bo-chart__swatch'));
      expect(swatches.map((swatch) => swatch.dataset.tone)).toEqual(['good', 'warning', 'bad']);
      expect(swatches[2].style.backgroundImage).toMatch(/repeating-linear-gradient/);
      expect(swatches[1].style.backgroundImage).toMatch(/radial-gradient/);
      unmount();
    }
  });
});
