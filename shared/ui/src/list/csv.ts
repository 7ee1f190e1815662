// The CSV itself (French Excel's form) is the contracts' own: the server's exports write the same.
export { toCsv, type CsvColumn } from '@bo/contracts';

// Hands a file to the browser's downloads.
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click was handled: the download has its copy.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(fileName: string, text: string): void {
  saveFile(
    fileName.endsWith('.csv') ? fileName : `${fileName}.csv`,
    new Blob([text], { type: 'text/csv;charset=utf-8' }),
  );
}
