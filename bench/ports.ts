// BENCH_PORT_OFFSET shifts every port a benchmark listens on, so that two runs (or a run beside the browser tests)
// can share a machine.
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);

export function benchPort(port: number): number {
  return port + offset;
}
