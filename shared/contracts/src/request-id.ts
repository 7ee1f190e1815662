// The request id: the browser gives each call a fresh one in this header, the API keeps it (or makes one when it
// is missing or malformed), writes it on every log line of the request and sends it back in the same header; the
// error toast shows it, so that a user's report leads to the lines of the request that failed.
export const REQUEST_ID_HEADER = 'x-request-id';

// Crockford's base32: digits and capitals without I, L, O and U, which read as other characters.
export const REQUEST_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// What the API accepts from a caller: short, plain capitals and digits, safe to write in a log line.
export const requestIdPattern = /^[0-9A-Z]{5,16}$/;

// A random id of `length` characters of the alphabet (32 letters: 5 bits each, no bias).
export function newRequestId(length = 5): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += REQUEST_ID_ALPHABET[byte % 32];
  return id;
}
