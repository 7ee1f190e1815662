import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';

// A CSV export opened as a person opens it: LibreOffice Calc (Debian's package, `soffice`) reads it as French
// Excel's CSV (';', '"', UTF-8, French locale) and saves it as a flat OpenDocument spreadsheet, whose cells say
// what the spreadsheet made of each one: a number, a date, a text, a formula.

const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
// Separator ';' (59), text delimiter '"' (34), UTF-8 (76), from line 1, no column types forced, French (1036).
const FRENCH_CSV = 'CSV:59,34,76,1,,1036';

// Why a spreadsheet test cannot run here, or null when it can.
export const spreadsheetMissing = (): string | null =>
  existsSync(SOFFICE) ? null : `LibreOffice Calc is not installed (${SOFFICE})`;

export type SheetCell = {
  // office:value-type: float, date, string, boolean...; empty for an empty cell.
  type: string;
  // What the cell holds: the number, the day (yyyy-MM-dd), the text.
  value: string;
  // Its formula, if it is one (OpenFormula, "of:=...").
  formula: string | null;
};

const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';

// The first sheet's rows, each cell as the spreadsheet holds it.
export async function openInSpreadsheet(csv: string): Promise<SheetCell[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'bo-sheet-'));
  try {
    await writeFile(join(dir, 'export.csv'), csv);
    // A profile of its own: two conversions at once must not share one.
    await promisify(execFile)(
      SOFFICE,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        `--infilter=${FRENCH_CSV}`,
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        join(dir, 'export.csv'),
      ],
      { timeout: 120_000 },
    );
    const xml = await readFile(join(dir, 'export.fods'), 'utf8');
    const document = new new JSDOM().window.DOMParser().parseFromString(xml, 'application/xml');
    const sheet = document.getElementsByTagNameNS(TABLE, 'table')[0];
    return [...sheet.getElementsByTagNameNS(TABLE, 'table-row')].map((row) =>
      [...row.getElementsByTagNameNS(TABLE, 'table-cell')].flatMap((cell) => {
        const type = cell.getAttributeNS(OFFICE, 'value-type') ?? '';
        // A text is its paragraphs (a formula's result is an attribute).
        const text = () =>
          [...cell.getElementsByTagNameNS(TEXT, 'p')].map((paragraph) => paragraph.textContent ?? '').join('\n');
        const value =
          type === 'date'
            ? (cell.getAttributeNS(OFFICE, 'date-value') ?? '')
            : type === 'string'
              ? (cell.getAttributeNS(OFFICE, 'string-value') ?? text())
              : (cell.getAttributeNS(OFFICE, 'value') ?? text());
        const one: SheetCell = { type, value, formula: cell.getAttributeNS(TABLE, 'formula') };
        return Array.from({ length: Number(cell.getAttributeNS(TABLE, 'number-columns-repeated') ?? 1) }, () => one);
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
