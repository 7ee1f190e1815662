import { IMPORT_MAX_BYTES } from '@bo/contracts/all';

// Every bound on what a request may carry, in one place. A request past one of them is refused with a 4xx
// before its body is read whole.
export const requestLimits = {
  // A whole body, JSON or multipart (announced by Content-Length, or counted as it arrives).
  bodyBytes: 256 * 1024,
  // One multipart field's value: the longest text the contracts take is 5 000 characters (20 KB in UTF-8).
  fieldBytes: 64 * 1024,
  fieldNameBytes: 100,
  fields: 50,
  parts: 60,
  // Levels of objects and arrays in a JSON body: the JSON calls (settings) take one flat object.
  jsonDepth: 32,
  // No call takes files, but the few that declare one (`file` in their endpoint entry).
  files: 0,
} as const;

// The calls that take a file (CSV import): one file, streamed to a temporary file as it arrives, up to the
// contract's size; their other fields keep the limits above.
export const uploadLimits = {
  fileBytes: IMPORT_MAX_BYTES,
  // The file plus the multipart framing and the other fields.
  bodyBytes: IMPORT_MAX_BYTES + requestLimits.bodyBytes,
  files: 1,
} as const;
