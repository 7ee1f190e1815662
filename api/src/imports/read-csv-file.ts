import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  CsvReader,
  decoderFor,
  detectSeparator,
  importMessages,
  type CsvEncoding,
  type CsvRecord,
  type CsvSeparator,
} from '@bo/contracts/all';
import { AppError } from '../errors';
import { fileKind, SNIFF_BYTES } from './file-kind';

// An uploaded file, its encoding and separator known; its records are read by csvRecords, a piece at a time, so
// that a file of 100 000 rows never sits in memory parsed whole.
export type CsvFile = { path: string; encoding: CsvEncoding; separator: CsvSeparator };

const PIECE_BYTES = 256 * 1024;
// The separator is decided on the first line: read until it is whole, or this long.
const HEAD_CHARS = 64 * 1024;

// A file that cannot be read as CSV: refused whole, nothing written, the French reason (and its line) in the error.
const unreadable = (detail: string, line?: number) =>
  new AppError('dataInvalid', {
    errors: [{ message: 'dataInvalid', field: 'file', detail, ...(line === undefined ? {} : { line }) }],
  });

// The file's text, decoded a piece at a time.
async function* decodedPieces(path: string, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = decoderFor(encoding);
  for await (const chunk of createReadStream(path, { highWaterMark: PIECE_BYTES }))
    yield decoder.decode(chunk as Buffer, { stream: true });
  yield decoder.decode();
}

// UTF-8 (byte order mark or not) unless a byte is no UTF-8: then Windows-1252, the encoding French Excel writes.
async function encodingOf(path: string): Promise<CsvEncoding> {
  try {
    for await (const text of decodedPieces(path, 'utf-8')) void text;
    return 'utf-8';
  } catch (error) {
    if (error instanceof TypeError) return 'windows-1252';
    throw error;
  }
}

async function headBytes(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

// The file's encoding and separator (the header's), read before its records. A file in UTF-16 or that is no text
// is refused here, saying which.
export async function openCsvFile(path: string): Promise<CsvFile> {
  const kind = fileKind(await headBytes(path));
  if (kind !== 'text') throw unreadable(importMessages[kind]);
  const encoding = await encodingOf(path);
  let head = '';
  for await (const text of decodedPieces(path, encoding)) {
    head += text;
    if (/[\r\n]/.test(head) || head.length >= HEAD_CHARS) break;
  }
  const end = head.search(/[\r\n]/);
  return { path, encoding, separator: detectSeparator(end === -1 ? head : head.slice(0, end)) };
}

// The file's records (the header first), read a piece of the file at a time. A NUL character, which no CSV holds,
// or a quote left open to the end of the file (every line after it read as one cell) refuse the file, naming the
// line; the import's writes, in the transaction of the whole file, are then undone.
export async function* csvRecords(file: CsvFile): AsyncGenerator<CsvRecord> {
  const reader = new CsvReader(file.separator);
  let headers: string[] | null = null;
  for await (const text of decodedPieces(file.path, file.encoding)) {
    const nul = text.indexOf('\u0000');
    if (nul !== -1) {
      reader.push(text.slice(0, nul));
      throw unreadable(importMessages.nul(reader.currentLine), reader.currentLine);
    }
    for (const record of reader.push(text)) {
      headers ??= record.cells;
      yield record;
    }
  }
  const last = reader.end();
  const open = reader.openQuote;
  if (open !== null) {
    const column = headers?.[open.column - 1]?.trim() || `${open.column}`;
    throw unreadable(importMessages.openQuote(open.line, column, open.text), open.line);
  }
  yield* last;
}
