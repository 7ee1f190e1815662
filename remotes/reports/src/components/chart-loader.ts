import { trackPromise } from '@bo/ui/track-promise';

// Chart.js comes in a chunk of its own, which only the pages drawing charts download (the task report and the
// statistics: their routes start it beside the page's own chunk). A failed download leaves each chart's table,
// which holds the same figures, rather than the page's error screen; a reload tries again.
let chartCanvas: Promise<typeof import('./chart-canvas') | null> | null = null;

export function loadChartCanvas() {
  chartCanvas ??= trackPromise(import('./chart-canvas').catch(() => null));
  return chartCanvas;
}

export function preloadCharts() {
  void loadChartCanvas();
}
