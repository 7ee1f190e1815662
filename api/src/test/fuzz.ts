import type { Endpoint } from '@bo/contracts/all';
import { z } from 'zod';

// Malformed requests derived from an entry of the contract's endpoint table: its method, its path parameters
// and the fields of its query and body schemas. A call added to the table is covered without a test of its own.

export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer | string;
};

// Values a field may plausibly take: the first one a field's own schema accepts makes the valid base of a
// request, so that each malformed request differs from a valid one by one thing only.
const plausibleValues = ['2026-03-10', '1', 'ADM', 'Mot-de-passe-test-1', 'Durand', '0', 'vertical'];

// Values of every kind the issue lists: ids and numbers that JavaScript would read (hex, sign, leading zeros,
// decimals, exponents, past 32 bits), dates that are no date, NUL bytes, text far too long.
const malformedScalars = [
  '0x10',
  '+1',
  '00001',
  '1.0',
  '1e3',
  ' 1',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  'NaN',
  'abc',
  '',
  'a\u0000b',
  '\u0000',
  '2026-02-30',
  '10/03/2026',
  '1796000000.5',
  '99999999999999',
  'x'.repeat(6000),
];

const TEN_MB = 10 * 1024 * 1024;

// The fields of an object schema (unwrapping optional, default and refinements), or none.
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current: unknown = schema;
  for (let depth = 0; depth < 5; depth += 1) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.unwrap();
    else return {};
  }
  return {};
}

function baseValues(shape: Record<string, z.ZodType>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = plausibleValues.find((candidate) => field.safeParse(candidate).success);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

// The values the contract itself refuses for a field: the server must refuse them too.
const refusedBy = <T>(field: z.ZodType, values: T[]): T[] => values.filter((value) => !field.safeParse(value).success);

const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

export function multipartBody(fields: [string, string][], boundary = BOUNDARY): Buffer {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}

const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? '1'));
}

export function malformedRequests(name: string, endpoint: Endpoint): FuzzRequest[] {
  const { method } = endpoint;
  const paramShape = shapeOf(endpoint.params);
  const queryShape = shapeOf(endpoint.query);
  const bodyShape = shapeOf(endpoint.body);
  const params = baseValues(paramShape);
  const query = baseValues(queryShape);
  const body = baseValues(bodyShape);
  const multipartCall = method === 'POST' || method === 'DELETE';
  const jsonCall = method === 'PUT' || method === 'PATCH';
  const requests: FuzzRequest[] = [];

  const urlWith = (pathParams: Record<string, string>, queryValues: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(queryValues)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
    }
    const text = search.toString();
    return `${fillPath(endpoint.path, pathParams)}${text === '' ? '' : `?${text}`}`;
  };
  const validBody = (): Pick<FuzzRequest, 'headers' | 'payload'> => {
    if (multipartCall)
      return { headers: { 'content-type': multipartType }, payload: multipartBody(Object.entries(body)) };
    if (jsonCall) return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
    return { headers: {} };
  };
  const add = (label: string, url: string, extra: Pick<FuzzRequest, 'headers' | 'payload'> = validBody()) =>
    requests.push({ label: `${name}: ${label}`, method, url, ...extra });
  const validUrl = urlWith(params, query);

  // Every path parameter, one at a time, with each value its schema refuses (raw in the path: '%00' is a NUL).
  for (const [key, field] of Object.entries(paramShape)) {
    for (const value of refusedBy(
      field,
      malformedScalars.filter((v) => v !== '' && v.length < 100),
    )) {
      add(`param ${key}=${JSON.stringify(value)}`, urlWith({ ...params, [key]: value }, query));
    }
  }

  // Every query field: each refused value, and the field sent twice.
  for (const [key, field] of Object.entries(queryShape)) {
    for (const value of refusedBy(field, malformedScalars))
      add(`query ${key}=${JSON.stringify(value).slice(0, 40)}`, urlWith(params, { ...query, [key]: value }));
    add(`query ${key} twice`, urlWith(params, { ...query, [key]: [query[key] ?? '1', query[key] ?? '1'] }));
  }
  add('query with a NUL in an unknown field', urlWith(params, { ...query, extra: 'a\u0000b' }));

  if (multipartCall) {
    const fields = Object.entries(body);
    for (const [key, field] of Object.entries(bodyShape)) {
      for (const value of refusedBy(field, malformedScalars)) {
        add(`field ${key}=${JSON.stringify(value).slice(0, 40)}`, validUrl, {
          headers: { 'content-type': multipartType },
          payload: multipartBody([...fields.filter(([k]) => k !== key), [key, value]]),
        });
      }
      const twice = body[key] ?? '1';
      add(`field ${key} twice`, validUrl, {
        headers: { 'content-type': multipartType },
        payload: multipartBody([...fields.filter(([k]) => k !== key), [key, twice], [key, twice]]),
      });
      add(`field ${key} of 10 MB`, validUrl, {
        headers: { 'content-type': multipartType },
        payload: multipartBody([...fields.filter(([k]) => k !== key), [key, 'a'.repeat(TEN_MB)]]),
      });
    }
    const valid = multipartBody(fields);
    add('multipart without a boundary', validUrl, {
      headers: { 'content-type': 'multipart/form-data' },
      payload: valid,
    });
    add('multipart with a wrong boundary', validUrl, {
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
      payload: valid,
    });
    add('multipart cut short', validUrl, {
      headers: { 'content-type': multipartType },
      payload: valid.subarray(0, Math.max(1, valid.length - 20)),
    });
    add('multipart garbage', validUrl, { headers: { 'content-type': multipartType }, payload: 'garbage' });
    add('a file part', validUrl, {
      headers: { 'content-type': multipartType },
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nxx\r\n--${BOUNDARY}--\r\n`,
      ),
    });
    add('a JSON body', validUrl, { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    add('a form-urlencoded body', validUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    add('a text body', validUrl, { headers: { 'content-type': 'text/plain' }, payload: 'hello' });
  }

  if (jsonCall) {
    for (const [key, field] of Object.entries(bodyShape)) {
      for (const value of refusedBy(field, [...malformedScalars, 12, -1, true, null, [], {}, ['vertical']])) {
        add(`json ${key}=${JSON.stringify(value).slice(0, 40)}`, validUrl, {
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...body, [key]: value }),
        });
      }
    }
    for (const [label, payload] of [
      ['malformed JSON', '{"layout":'],
      ['a JSON array', '[]'],
      ['a JSON string', '"vertical"'],
      ['a prototype key', '{"__proto__":{"admin":true}}'],
      ['a NUL in JSON', JSON.stringify({ ...body, extra: 'a\u0000b' })],
      ['a JSON body of 10 MB', JSON.stringify({ ...body, extra: 'a'.repeat(TEN_MB) })],
    ] as const) {
      add(label, validUrl, { headers: { 'content-type': 'application/json' }, payload });
    }
    add('a multipart body', validUrl, {
      headers: { 'content-type': multipartType },
      payload: multipartBody(Object.entries(body)),
    });
    add('a text body', validUrl, { headers: { 'content-type': 'text/plain' }, payload: 'hello' });
  }

  return requests;
}
