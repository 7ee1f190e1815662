import { createReadStream } from 'node:fs';
import { CsvReader, decoderFor, detectSeparator, type CsvEncoding, type CsvRecord, type CsvSeparator } from '@bo/contracts/all';
import { AppError } from '../errors';

export type CsvFile = { encoding: CsvEncoding; separator: CsvSeparator; records: CsvRecord[] };

class NotUtf8 extends Error {}

// Reads an uploaded file piece by piece: decoded as UTF-8 (byte order mark or not) unless a byte is no UTF-8, then
// read again as Windows-1252, the encoding French Excel writes; the separator is the header's.
async function readAs(file: string, encoding: CsvEncoding): Promise<CsvFile> {
  const decoder = decoderFor(encoding);
  let reader: CsvReader | null = null;
  let separator: CsvSeparator = ';';
  let head = '';
  const records: CsvRecord[] = [];
  const feed = (text: string) => {
    if (text.includes('\u0000')) throw new AppError('dataInvalid', { field: 'file' });
    if (reader === null) {
      // The separator is decided on the first line: kept until it is whole.
      head += text;
      const end = head.search(/[\r\n]/);
      if (end === -1 && head.length < 64 * 1024) return;
      separator = detectSeparator(end === -1 ? head : head.slice(0, end));
      reader = new CsvReader(separator);
      text = head;
      head = '';
    }
    for (const record of reader.push(text)) records.push(record);
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    let text: string;
    try {
      text = decoder.decode(chunk as Buffer, { stream: true });
    } catch {
      throw new NotUtf8();
    }
    feed(text);
  }
  try {
    feed(decoder.decode());
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new NotUtf8();
  }
  if (reader === null) {
    separator = detectSeparator(head);
    reader = new CsvReader(separator);
    for (const record of reader.push(head)) records.push(record);
  }
  for (const record of (reader as CsvReader).end()) records.push(record);
  return { encoding, separator, records };
}

export async function readCsvFile(file: string): Promise<CsvFile> {
  try {
    return await readAs(file, 'utf-8');
  } catch (error) {
    if (!(error instanceof NotUtf8)) throw error;
    return readAs(file, 'windows-1252');
  }
}
