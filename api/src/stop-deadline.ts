// The longest an API instance takes to stop once told to (main.ts): past it, it exits anyway. Whoever stops one
// (scripts/system.ts) waits a little longer before it kills it.
export const STOP_DEADLINE_MS = 10_000;
