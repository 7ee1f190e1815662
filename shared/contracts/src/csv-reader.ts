// The reading counterpart of csv.ts: a CSV parser fed text piece by piece (a file read as a stream never sits
// whole in one string), RFC 4180 quoting: a quoted cell may hold the separator, doubled quotes and line breaks.
// Each record comes with the line of the file it starts on, so that a problem can be told "ligne 12".

export type CsvSeparator = ';' | ',';

export type CsvRecord = { line: number; cells: string[] };

// The separator of a file: the one its first line (the header) uses most, outside quotes. French Excel writes ';',
// most other tools ','.
export function detectSeparator(firstLine: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

export class CsvReader {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  // A quote seen inside a quoted cell: either the end of the quoting or the first of a doubled quote.
  private quotePending = false;
  // A carriage return seen: the line break it starts may end with a line feed in the next piece.
  private crPending = false;
  private started = false;
  private line = 1;
  private recordLine = 1;

  constructor(private readonly separator: CsvSeparator) {}

  // The records completed by this piece of text.
  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (this.crPending) {
        this.crPending = false;
        if (char === '\n') continue;
      }
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (char === '"') {
            this.cell += '"';
            continue;
          }
          this.quoted = false;
          // Falls through: the character after the closing quote is read as outside quotes.
        } else if (char === '"') {
          this.quotePending = true;
          continue;
        } else {
          if (char === '\n' || char === '\r') {
            this.line += 1;
            if (char === '\r') this.crPending = true;
            this.cell += '\n';
          } else this.cell += char;
          continue;
        }
      }
      if (char === '"' && this.cell === '' && !this.quoted) {
        this.quoted = true;
        this.started = true;
      } else if (char === this.separator) {
        this.cells.push(this.cell);
        this.cell = '';
        this.started = true;
      } else if (char === '\n' || char === '\r') {
        if (char === '\r') this.crPending = true;
        this.endRecord(out);
        this.line += 1;
        this.recordLine = this.line;
      } else {
        this.cell += char;
        this.started = true;
      }
    }
    return out;
  }

  // The last record, when the file does not end with a line break.
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.quotePending) {
      this.quotePending = false;
      this.quoted = false;
    }
    this.endRecord(out);
    return out;
  }

  private endRecord(out: CsvRecord[]) {
    if (this.started || this.cell !== '' || this.cells.length > 0) {
      this.cells.push(this.cell);
      // A blank line (every cell empty) is no record.
      if (this.cells.some((cell) => cell.trim() !== '')) out.push({ line: this.recordLine, cells: this.cells });
    }
    this.cells = [];
    this.cell = '';
    this.quoted = false;
    this.started = false;
  }
}

// A whole text at once (small files, tests).
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(firstLineOf(text))): CsvRecord[] {
  const reader = new CsvReader(separator);
  return [...reader.push(stripBom(text)), ...reader.end()];
}

export function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

export function firstLineOf(text: string): string {
  const end = text.search(/[\r\n]/);
  return stripBom(end === -1 ? text : text.slice(0, end));
}

// The text encodings a French spreadsheet file comes in.
export type CsvEncoding = 'utf-8' | 'windows-1252';

// Decodes a file's bytes as they arrive: UTF-8 (with or without its byte order mark) unless a byte sequence is
// no UTF-8, then the file is Windows-1252 (French Excel's "CSV (séparateur: point-virgule)") and must be read
// again from its start with `decoderFor('windows-1252')`.
export function decoderFor(encoding: CsvEncoding): TextDecoder {
  return encoding === 'utf-8' ? new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }) : new TextDecoder('windows-1252');
}

// Case, accents, spaces and punctuation ignored: 'E-mail', 'e mail' and 'EMAIL' are one header.
export function foldHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
