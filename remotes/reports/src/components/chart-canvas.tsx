import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart as ChartJs } from 'react-chartjs-2';
import { FILL_TILE, toneFills, type ChartFill, type ChartTone } from './chart-tones';

// Chart.js, in a chunk that only the report pages drawing charts download (chart-loader.ts). Only the parts the
// two charts use are registered, so the rest of the library is left out of the build. The legend is the figure's
// own HTML, which wraps long French names and follows the page's font.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export type ChartKind = 'bar' | 'line';
// A series with a tone takes that tone's colour and fill; the others take the palette in turn.
export type ChartSeries = { name: string; values: readonly number[]; tone?: ChartTone };
// Concrete colours from antd's theme (a canvas cannot read CSS variables).
export type ChartColours = {
  series: readonly string[];
  tones: Readonly<Record<ChartTone, string>>;
  // The card's colour: the gaps of a striped or dotted fill.
  background: string;
  text: string;
  grid: string;
  tooltipBackground: string;
  tooltipText: string;
  fontFamily: string;
};

export type ChartCanvasProps = {
  kind: ChartKind;
  // The canvas' accessible name: a canvas says nothing to assistive technology, the table beside it does.
  label: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  colours: ChartColours;
  height: number;
};

const frenchNumber = (value: number) => value.toLocaleString('fr-FR');
// Crowded categories: long names are cut on the axis, whole in the tooltip and the table.
const shortLabel = (label: string) => (label.length > 12 ? `${label.slice(0, 11)}…` : label);

function chartOptions(kind: ChartKind, labels: readonly string[], colours: ChartColours): ChartOptions<ChartKind> {
  const font = { family: colours.fontFamily, size: 11 };
  const reducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return {
    // Numbers on the axis and in the tooltip written the French way (1 200).
    locale: 'fr-FR',
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : { duration: 300 },
    // Every series of a month or a user in one tooltip, from anywhere above it.
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        ticks: {
          color: colours.text,
          font,
          maxRotation: 0,
          autoSkip: true,
          callback: (value) => shortLabel(labels[Number(value)] ?? ''),
        },
        grid: { display: false },
        border: { color: colours.grid },
      },
      y: {
        beginAtZero: true,
        // Counts: no half steps.
        ticks: { color: colours.text, font, precision: 0 },
        grid: { color: colours.grid },
        border: { display: false },
      },
    },
    plugins: {
      tooltip: {
        backgroundColor: colours.tooltipBackground,
        titleColor: colours.tooltipText,
        bodyColor: colours.tooltipText,
        titleFont: { ...font, size: 12 },
        bodyFont: { ...font, size: 12 },
        callbacks: { label: (item) => `${item.dataset.label ?? ''} : ${frenchNumber(item.parsed.y ?? 0)}` },
      },
    },
    ...(kind === 'bar'
      ? { datasets: { bar: { maxBarThickness: 28, categoryPercentage: 0.8, barPercentage: 0.9 } } }
      : {}),
  };
}

// A bar's fill: its colour, with the card's colour in stripes or dots over it (a tile repeated).
function barFill(colour: string, fill: ChartFill, gap: string): string | CanvasPattern {
  if (fill === 'solid') return colour;
  const tile = document.createElement('canvas');
  tile.width = FILL_TILE;
  tile.height = FILL_TILE;
  const context = tile.getContext('2d');
  if (!context) return colour;
  context.fillStyle = colour;
  context.fillRect(0, 0, FILL_TILE, FILL_TILE);
  context.fillStyle = gap;
  context.strokeStyle = gap;
  context.lineWidth = 1.2;
  context.beginPath();
  if (fill === 'stripes') {
    // A diagonal through the tile and its two corners' ends, so that the stripes join from tile to tile.
    for (const offset of [-FILL_TILE, 0, FILL_TILE]) {
      context.moveTo(offset, FILL_TILE);
      context.lineTo(offset + FILL_TILE, 0);
    }
    context.stroke();
  } else {
    context.arc(FILL_TILE / 2, FILL_TILE / 2, 1.2, 0, 2 * Math.PI);
    context.fill();
  }
  return context.createPattern(tile, 'repeat') ?? colour;
}

export function ChartCanvas({ kind, label, labels, series, colours, height }: ChartCanvasProps) {
  const data: ChartData<ChartKind> = {
    labels: [...labels],
    datasets: series.map((entry, index) => {
      const colour = entry.tone ? colours.tones[entry.tone] : colours.series[index % colours.series.length];
      const fill = entry.tone ? toneFills[entry.tone] : 'solid';
      const common = { label: entry.name, data: [...entry.values], borderColor: colour };
      if (kind === 'bar')
        return {
          ...common,
          backgroundColor: barFill(colour, fill, colours.background),
          borderWidth: fill === 'solid' ? 0 : 1,
        };
      // A line of bad news is dashed.
      return {
        ...common,
        backgroundColor: colour,
        borderWidth: 2,
        borderDash: fill === 'stripes' ? [6, 3] : [],
        pointRadius: 3.5,
        pointHoverRadius: 5,
      };
    }),
  };
  return (
    // Chart.js sizes the canvas to this box (maintainAspectRatio off): the page's width, the height given.
    <div style={{ position: 'relative', height }}>
      <ChartJs type={kind} data={data} options={chartOptions(kind, labels, colours)} role="img" aria-label={label} />
    </div>
  );
}
