import { envelopeSchema } from '@bo/contracts/all';
import type { z } from 'zod';

// A success: the data and an empty error list.
export function ok<T>(data: T): { data: T; errors: [] } {
  return { data, errors: [] };
}

// The 200 response schema of a call whose data is `data`.
export const answers = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });

// The bytes of a success whose data is JSON text the database built: spliced into the envelope as is, so a large
// answer is neither parsed into objects nor serialized again. When responses are checked (tests, debug), the
// body must be exactly what serializing the schema-checked value would give: same keys, same order, same values.
export function okJsonBody(url: string, dataJson: string, check: z.ZodType | null): Buffer {
  const body = `{"data":${dataJson},"errors":[]}`;
  if (check !== null) {
    const parsed = check.parse(JSON.parse(body));
    if (JSON.stringify(parsed) !== body)
      throw new Error(`${url}: the JSON built by the database differs from the contract's`);
  }
  return Buffer.from(body);
}
