// What makes parsed input unusable whatever the call: a NUL character (PostgreSQL cannot store one, and no field
// has a use for one), or nesting deeper than `maxDepth` (no call's schema goes past a few levels; a body of a few
// kilobytes can nest thousands deep, and every recursive walk of it would overflow the stack). The walk keeps its
// own stack, so that any depth is read safely.
export type InputProblem = { reason: 'nul' | 'depth'; field: string };

// The first problem found, with the top-level key it is under ('' for a top-level value), or null.
export function inputProblem(input: unknown, maxDepth: number): InputProblem | null {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: input, field: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, field, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { reason: 'nul', field };
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (depth >= maxDepth) return { reason: 'depth', field };
    const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
    // Last first, so that the first field is the first looked at.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index];
      pending.push({ value: item, field: field === '' ? key : field, depth: depth + 1 });
    }
  }
  return null;
}
