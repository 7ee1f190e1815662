// How an API instance is started, in one place. `npm start` and the browser tests (scripts/system.ts) and the
// benchmarks (api/bench/api-bench.ts) run the compiled bundle (api/dist, written by scripts/build-api.ts);
// `npm start --workspace api` and the API's own tests run the TypeScript sources through tsx (the workspace's
// package.json repeats the dev flags, checked equal by a test).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A heap budget: given one, V8 collects before its heap grows past it, where without one it lets the garbage of a
// busy moment (an import's rows, already written) pile up to several times what is alive. An import of 100 000
// contacts kept an instance under 250 MB with it, against 470 MB without. What stays alive is far below it: the
// answer cache has 64 MB (API_CACHE_MB), an import keeps its file's keys, an export holds two batches.
export const API_HEAP_MB = 256;
const heapFlag = `--max-old-space-size=${API_HEAP_MB}`;
// The young generation's semi-spaces held to 2 MB each (V8 lets them grow to 16): a request's garbage is a few
// hundred KB, collected young all the same, and a fresh instance stays near 100 MB resident instead of 130 (the
// API benchmark's `start` scenario prints it, docs/benchmarks.md).
export const API_SEMI_SPACE_MB = 2;
const youngFlag = `--max-semi-space-size=${API_SEMI_SPACE_MB}`;

// The compiled bundle: stack traces point into the TypeScript sources through its source map.
export const apiNodeFlags = [heapFlag, youngFlag, '--enable-source-maps'];
// The sources, compiled in memory by tsx as they load.
export const apiDevNodeFlags = [heapFlag, youngFlag, '--import', 'tsx'];

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Each bundle of api/dist and its source, under api/.
export const apiEntries = { main: 'src/main.ts', 'bench-server': 'bench/bench-server.ts' } as const;
export type ApiEntry = keyof typeof apiEntries;
export const apiBundleDir = path.join(apiDir, 'dist');

export const apiBundle = (entry: ApiEntry = 'main') => path.join(apiBundleDir, `${entry}.js`);
export const apiSource = (entry: ApiEntry = 'main') => path.join(apiDir, apiEntries[entry]);

// The command line of a compiled instance, after the node executable.
export const apiCommand = (entry: ApiEntry = 'main') => [...apiNodeFlags, apiBundle(entry)];
