// CSV as French Excel opens it: `;` between cells, CRLF between lines, and a UTF-8 byte order mark so that
// accented letters are read as UTF-8.
export type CsvColumn<Row> = { title: string; value: (row: Row) => string | number | null | undefined };

const BOM = '\uFEFF';

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  // A cell starting like a formula is read as text (spreadsheet formula injection).
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => cell(column.title)).join(';')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click was handled: the download has its copy.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
