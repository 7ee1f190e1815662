// The reading counterpart of csv.ts: a CSV parser fed text piece by piece (a file read as a stream never sits
// whole in one string), RFC 4180 quoting: a quoted cell may hold the separator, doubled quotes and line breaks.
// Each record comes with the line of the file it starts on, so that a problem can be told "ligne 12".

export type CsvSeparator = ';' | ',';

export type CsvRecord = { line: number; cells: string[] };

// A quoted cell still open at the end of the text: from its opening quote on, every line after it was read as that
// one cell. Where it opened (its line, its column counted from 1) and the start of its text, to name it.
export type CsvOpenQuote = { line: number; column: number; text: string };

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
  private quoteLine = 1;
  private open: CsvOpenQuote | null = null;

  // The characters that end a run of plain text outside quotes.
  private readonly special: RegExp;

  constructor(private readonly separator: CsvSeparator) {
    this.special = separator === ';' ? /[;"\r\n]/g : /[,"\r\n]/g;
  }

  // The records completed by this piece of text. Runs of plain characters are copied as slices, not one by one: a
  // file of 20 MB reads in a fraction of a second.
  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.crPending) {
        this.crPending = false;
        if (text[i] === '\n') {
          i += 1;
          continue;
        }
      }
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (text[i] === '"') {
            this.cell += '"';
            i += 1;
            continue;
          }
          // The quoting ended: this character is read again, outside quotes.
          this.quoted = false;
          continue;
        }
        const quote = text.indexOf('"', i);
        const end = quote === -1 ? n : quote;
        if (end > i) this.cell += this.quotedText(text.slice(i, end));
        if (quote === -1) break;
        this.quotePending = true;
        i = quote + 1;
        continue;
      }
      const char = text[i];
      if (char === '"' && this.cell === '') {
        this.quoted = true;
        this.quoteLine = this.line;
        this.started = true;
        i += 1;
      } else if (char === this.separator) {
        this.cells.push(this.cell);
        this.cell = '';
        this.started = true;
        i += 1;
      } else if (char === '\n' || char === '\r') {
        if (char === '\r') this.crPending = true;
        this.endRecord(out);
        this.line += 1;
        this.recordLine = this.line;
        i += 1;
      } else {
        // A quote inside an unquoted cell is a plain character; so is everything up to the next special one.
        this.special.lastIndex = i + 1;
        const next = this.special.exec(text);
        const end = next === null ? n : next.index;
        this.cell += text.slice(i, end);
        this.started = true;
        i = end;
      }
    }
    return out;
  }

  // Text inside quotes: its line breaks (CRLF, CR or LF) kept as LF, and counted.
  private quotedText(text: string): string {
    if (!/[\r\n]/.test(text)) return text;
    let out = '';
    for (const char of text) {
      if (this.crPending) {
        this.crPending = false;
        if (char === '\n') continue;
      }
      if (char === '\r' || char === '\n') {
        this.line += 1;
        out += '\n';
        if (char === '\r') this.crPending = true;
      } else out += char;
    }
    return out;
  }

  // The line being read (the next piece of text starts on it).
  get currentLine(): number {
    return this.line;
  }

  // After end(): the quoted cell the text left open, if any.
  get openQuote(): CsvOpenQuote | null {
    return this.open;
  }

  // The last record, when the file does not end with a line break.
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.quoted && !this.quotePending) {
      this.open = { line: this.quoteLine, column: this.cells.length + 1, text: this.cell.split('\n')[0].slice(0, 40) };
    }
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
  return encoding === 'utf-8'
    ? new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
    : new TextDecoder('windows-1252');
}

// Case, accents, spaces and punctuation ignored: 'E-mail', 'e mail' and 'EMAIL' are one header.
export function foldHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
