import type { CpuPerRequest } from './cpu-time';

// A table of figures as the benchmarks print it: a blank line, the title (when there is one), the header, a rule,
// then one line per row, each column as wide as its widest cell.
export function printTextTable(title: string | null, header: string[], lines: string[][]): void {
  const widths = header.map((name, i) => Math.max(name.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
  console.log(
    `\n${title === null ? '' : `${title}\n`}${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}`,
  );
  for (const line of lines) console.log(format(line));
}

// A measured call's figures as the latency tables print them (requests, then req/s when measured, the
// percentiles, the ratio to the baseline, the failures); the caller adds its own columns around them.
// The percentiles are the caller's; "server p95" is the API's own (its Server-Timing header), when measured.
// With the CPU a request cost (cpu-time.ts), when measured: the API's, the database's.
export type LatencyRow = {
  count: number;
  rps?: number;
  p50: number;
  p95: number;
  p99: number;
  serverP95?: number | null;
  ratio: number | null;
  failures: number;
  cpu?: CpuPerRequest | null;
};
export const latencyHeader = (withRate: boolean) => [
  'requests',
  ...(withRate ? ['req/s'] : []),
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'server p95',
  'p95 / baseline',
  'failed',
  'CPU ms/req: API',
  'DB',
];
export function latencyCells(row: LatencyRow, withRate: boolean): string[] {
  return [
    String(row.count),
    ...(withRate ? [(row.rps ?? 0).toFixed(0)] : []),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.p99.toFixed(1),
    row.serverP95 == null ? '' : row.serverP95.toFixed(1),
    row.ratio === null ? '' : row.ratio.toFixed(1),
    String(row.failures),
    row.cpu ? row.cpu.apiMs.toFixed(2) : '',
    row.cpu ? row.cpu.dbMs.toFixed(2) : '',
  ];
}
