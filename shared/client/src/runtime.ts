// Evidence for the browser tests that singletons really are single: every app that mounts reports the React
// it was given; @bo/client counts its own evaluations.
type RuntimeReport = { clientLoads: number; reacts: Array<{ app: string; react: unknown }> };

declare global {
  var __BO_RUNTIME__: RuntimeReport | undefined;
}

const report: RuntimeReport = (globalThis.__BO_RUNTIME__ ??= { clientLoads: 0, reacts: [] });
report.clientLoads += 1;

export function reportRuntime(app: string, react: unknown) {
  if (!report.reacts.some((entry) => entry.app === app)) report.reacts.push({ app, react });
}
