// The CSV itself (French Excel's form) is the contracts' own: the server's exports write the same.
export { toCsv, type CsvColumn } from '@bo/contracts';

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
