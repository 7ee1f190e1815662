// The gzip weight a charting library adds to the reports remote, for the two charts the reports draw: a line
// over the months (four series) and bars side by side per user (four series). Each candidate is installed at a
// pinned version in a scratch folder, and a wrapper drawing both charts is built the way the remotes are built
// (production mode, swc, the swc minifier), in an async chunk of its own as the report pages load it, with React
// external since the shell shares it. Beside them, the same wrapper without a library: the baseline.
//
//   node --import tsx bench/charts-weight.ts            # every candidate
//   node --import tsx bench/charts-weight.ts chartjs    # one or several, comma-separated
//
// Needs the npm registry once: the scratch folder (BENCH_CHARTS_DIR, default charts-weight in the system's temporary
// folder) is kept between runs, outside the tree that tsc and eslint read.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = process.env.BENCH_CHARTS_DIR ?? path.join(os.tmpdir(), 'charts-weight');
const load = createRequire(path.join(root, 'shared/build/package.json'));
const webpack = load('webpack') as typeof import('webpack');
const MinimizerPlugin = load('minimizer-webpack-plugin') as {
  new (options: { minify: unknown }): import('webpack').WebpackPluginInstance;
  swcMinify: unknown;
};

const months = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const users = ['ADM', 'COM', 'DIR', 'REC'];
const data = `
export const months = ${JSON.stringify(months)};
export const users = ${JSON.stringify(users)};
export const series = ['Nouveaux', 'Sortis de veille', 'En veille', 'Abouties'].map((name, s) => ({
  name, colour: ['#1677ff', '#d4380d', '#389e0d', '#c41d7f'][s], values: months.map((_, i) => (i * 7 + s * 3) % 11),
}));
export const perUser = series.map((entry) => ({ ...entry, values: entry.values.slice(0, ${users.length}) }));
`;

type Candidate = { key: string; label: string; packages: Record<string, string>; wrapper: string };

// Each wrapper imports what a real use of the library would: its tree-shakable entry points where it has them.
const candidates: Candidate[] = [
  {
    key: 'none',
    label: 'baseline: the same wrapper, no library',
    packages: {},
    wrapper: `
import { months, series, users, perUser } from './data';
export function Charts() {
  return <><canvas aria-label={months.join() + series.length} /><canvas aria-label={users.join() + perUser.length} /></>;
}`,
  },
  {
    key: 'chartjs',
    label: 'chart.js 4.6.1 + react-chartjs-2 5.3.1 (canvas)',
    packages: { 'chart.js': '4.6.1', 'react-chartjs-2': '5.3.1' },
    wrapper: `
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Chart as ReactChart } from 'react-chartjs-2';
import { months, series, users, perUser } from './data';
Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
export function Charts() {
  return <>
    <ReactChart type="line" aria-label="Par mois" role="img" data={{ labels: months, datasets: series.map((s) => ({ label: s.name, data: s.values, borderColor: s.colour })) }} />
    <ReactChart type="bar" aria-label="Par utilisateur" role="img" data={{ labels: users, datasets: perUser.map((s) => ({ label: s.name, data: s.values, backgroundColor: s.colour })) }} />
  </>;
}`,
  },
  {
    key: 'recharts',
    label: 'recharts 3.11.0 (SVG)',
    packages: { recharts: '3.11.0', 'react-is': '19.3.1' },
    wrapper: `
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { months, series, users, perUser } from './data';
const rows = (labels, list) => labels.map((label, i) => Object.fromEntries([['label', label], ...list.map((s) => [s.name, s.values[i]])]));
export function Charts() {
  return <>
    <LineChart width={640} height={260} data={rows(months, series)}><CartesianGrid /><XAxis dataKey="label" /><YAxis /><Tooltip /><Legend />
      {series.map((s) => <Line key={s.name} dataKey={s.name} stroke={s.colour} />)}</LineChart>
    <BarChart width={640} height={260} data={rows(users, perUser)}><CartesianGrid /><XAxis dataKey="label" /><YAxis /><Tooltip /><Legend />
      {perUser.map((s) => <Bar key={s.name} dataKey={s.name} fill={s.colour} />)}</BarChart>
  </>;
}`,
  },
  {
    key: 'uplot',
    label: 'uplot 1.6.32 (canvas; no React wrapper, grouped bars by hand, no tooltip; its CSS not counted)',
    packages: { uplot: '1.6.32' },
    wrapper: `
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { months, series, users, perUser } from './data';
function Plot({ labels, list, bars }) {
  const ref = useRef(null);
  useEffect(() => {
    const x = labels.map((_, i) => i);
    const plot = new uPlot({
      width: 640, height: 260,
      axes: [{ values: (_, ticks) => ticks.map((t) => labels[t] ?? '') }, {}],
      series: [{}, ...list.map((s, n) => ({ label: s.name, stroke: s.colour, fill: bars ? s.colour : undefined,
        paths: bars ? uPlot.paths.bars({ size: [0.8 / list.length], align: 1, disp: { x0: { unit: 2, values: () => x.map((i) => i - 0.4 + (0.8 * n) / list.length) } } }) : undefined }))],
    }, [x, ...list.map((s) => s.values)], ref.current);
    return () => plot.destroy();
  }, [labels, list, bars]);
  return <div ref={ref} role="img" aria-label="chart" />;
}
export function Charts() {
  return <><Plot labels={months} list={series} /><Plot labels={users} list={perUser} bars /></>;
}`,
  },
  {
    key: 'echarts',
    label: 'echarts 6.1.0 from echarts/core (canvas renderer, aria component; no React wrapper)',
    packages: { echarts: '6.1.0' },
    wrapper: `
import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { months, series, users, perUser } from './data';
use([BarChart, LineChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
function Plot({ labels, list, type }) {
  const ref = useRef(null);
  useEffect(() => {
    const chart = init(ref.current);
    chart.setOption({ aria: { enabled: true }, tooltip: {}, legend: {}, xAxis: { type: 'category', data: labels }, yAxis: {},
      series: list.map((s) => ({ type, name: s.name, data: s.values, color: s.colour })) });
    return () => chart.dispose();
  }, [labels, list, type]);
  return <div ref={ref} style={{ width: 640, height: 260 }} />;
}
export function Charts() {
  return <><Plot labels={months} list={series} type="line" /><Plot labels={users} list={perUser} type="bar" /></>;
}`,
  },
  {
    key: 'antv',
    label: '@ant-design/plots 2.6.8 (AntV G2 5, canvas)',
    packages: { '@ant-design/plots': '2.6.8' },
    wrapper: `
import { Column, Line } from '@ant-design/plots';
import { months, series, users, perUser } from './data';
const rows = (labels, list) => list.flatMap((s) => labels.map((label, i) => ({ label, name: s.name, value: s.values[i] })));
export function Charts() {
  return <>
    <Line data={rows(months, series)} xField="label" yField="value" colorField="name" width={640} height={260} />
    <Column data={rows(users, perUser)} xField="label" yField="value" colorField="name" group width={640} height={260} />
  </>;
}`,
  },
];

function install(packages: Record<string, string>): void {
  const manifest = path.join(scratch, 'package.json');
  const wanted = JSON.stringify({ name: 'charts-weight', private: true, dependencies: packages }, null, 2);
  if (
    existsSync(manifest) &&
    readFileSync(manifest, 'utf8') === wanted &&
    existsSync(path.join(scratch, 'node_modules'))
  )
    return;
  writeFileSync(manifest, wanted);
  console.log(
    `installing ${Object.entries(packages)
      .map(([name, version]) => `${name}@${version}`)
      .join(' ')} in ${scratch}`,
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

type Weight = { key: string; label: string; bytes: number; gzip: number; chunks: number };

function build(candidate: Candidate): Promise<Weight> {
  const dir = path.join(scratch, 'apps', candidate.key);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src/data.ts'), data);
  writeFileSync(path.join(dir, 'src/charts.tsx'), candidate.wrapper);
  // The entry stands for the report page: the charts come in an async chunk, as they do in the remote.
  writeFileSync(path.join(dir, 'src/index.ts'), "export const charts = () => import('./charts');\n");
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './src/index.ts',
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      filename: '[name].js',
      chunkFilename: '[name].chunk.js',
      clean: true,
      library: { type: 'module' },
    },
    experiments: { outputModule: true },
    // Shared by the shell (react, react-dom) or already in the remote's own chunks (react/jsx-runtime).
    externals: {
      react: 'react',
      'react-dom': 'react-dom',
      'react/jsx-runtime': 'react/jsx-runtime',
      'react-dom/client': 'react-dom/client',
    },
    externalsType: 'module',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      modules: [path.join(scratch, 'node_modules'), 'node_modules'],
    },
    resolveLoader: { modules: [path.join(root, 'node_modules')] },
    module: {
      rules: [
        { test: /\.css$/, type: 'asset/resource' },
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2022',
              },
            },
          },
        },
      ],
    },
    optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
    performance: { hints: false },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats || stats.hasErrors()) {
        reject(error ?? new Error(stats?.toString({ all: false, errors: true }) ?? 'no stats'));
        return;
      }
      // Every chunk but the entry: what the page downloads when it shows the charts.
      const files = readdirSync(path.join(dir, 'dist')).filter((file) => file.endsWith('.chunk.js'));
      const contents = files.map((file) => readFileSync(path.join(dir, 'dist', file)));
      resolve({
        key: candidate.key,
        label: candidate.label,
        bytes: contents.reduce((sum, content) => sum + content.byteLength, 0),
        gzip: contents.reduce((sum, content) => sum + gzipSync(content).byteLength, 0),
        chunks: files.length,
      });
    });
  });
}

const only = process.argv[2]?.split(',');
const chosen = candidates.filter((candidate) => candidate.key === 'none' || !only || only.includes(candidate.key));
mkdirSync(scratch, { recursive: true });
install(Object.assign({}, ...candidates.map((candidate) => candidate.packages)));
const weights: Weight[] = [];
// One build at a time: the machine has two cores, shared.
for (const candidate of chosen) {
  console.log(`building ${candidate.key}`);
  weights.push(await build(candidate));
}
const baseline = weights.find((weight) => weight.key === 'none')!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const header = ['candidate', 'chunks', 'minified KB', 'gzip KB', 'gzip KB added'];
const lines = weights.map((weight) => [
  weight.label,
  String(weight.chunks),
  kb(weight.bytes),
  kb(weight.gzip),
  weight === baseline ? '' : kb(weight.gzip - baseline.gzip),
]);
const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
const format = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ');
console.log(
  '\nA line over 12 months and bars per user (4 series each), production build, async chunks, gzip (zlib default level, as the other benchmarks)',
);
console.log(`${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}`);
for (const line of lines) console.log(format(line));
