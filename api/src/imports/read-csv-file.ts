import { createReadStream } from 'node:fs';
import { CsvReader, decoderFor, detectSeparator, type CsvEncoding, type CsvRecord, type CsvSeparator } from '@bo/contracts/all';
import { AppError } from '../errors';

// An uploaded file, its encoding and separator known; its records are read by csvRecords, a piece at a time, so
// that a file of 100 000 rows never sits in memory parsed whole.
export type CsvFile = { path: string; encoding: CsvEncoding; separator: CsvSeparator };

const PIECE_BYTES = 256 * 1024;
// The separator is decided on the first line: read until it is whole, or this long.
const HEAD_CHARS = 64 * 1024;

// The file's text, decoded a piece at a time.
async function* decodedPieces(path: string, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = decoderFor(encoding);
  for await (const chunk of createReadStream(path, { highWaterMark: PIECE_BYTES })) yield decoder.decode(chunk as Buffer, { stream: true });
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

// The file's encoding and separator (the header's), read before its records.
export async function openCsvFile(path: string): Promise<CsvFile> {
  const encoding = await encodingOf(path);
  let head = '';
  for await (const text of decodedPieces(path, encoding)) {
    head += text;
    if (/[\r\n]/.test(head) || head.length >= HEAD_CHARS) break;
  }
  const end = head.search(/[\r\n]/);
  return { path, encoding, separator: detectSeparator(end === -1 ? head : head.slice(0, end)) };
}

// The file's records (the header first), read a piece of the file at a time. A file with a NUL character is no CSV.
export async function* csvRecords(file: CsvFile): AsyncGenerator<CsvRecord> {
  const reader = new CsvReader(file.separator);
  for await (const text of decodedPieces(file.path, file.encoding)) {
    if (text.includes('\u0000')) throw new AppError('dataInvalid', { field: 'file' });
    yield* reader.push(text);
  }
  yield* reader.end();
}
