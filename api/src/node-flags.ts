// The Node flags every API instance runs with: `npm start` and the browser tests (scripts/system.ts), the
// benchmarks (bench/api-bench.ts), and `npm start --workspace api` (its package.json, checked equal by a test).
//
// A heap budget: given one, V8 collects before its heap grows past it, where without one it lets the garbage of a
// busy moment (an import's rows, already written) pile up to several times what is alive. An import of 100 000
// contacts kept an instance under 250 MB with it, against 470 MB without. What stays alive is far below it: the
// answer cache has 64 MB (API_CACHE_MB), an import keeps its file's keys, an export holds two batches.
export const API_HEAP_MB = 256;

export const apiNodeFlags = [`--max-old-space-size=${API_HEAP_MB}`, '--import', 'tsx'];
