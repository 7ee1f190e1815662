// What the first bytes of an uploaded file say about it, before it is read as CSV text: UTF-16 (Excel's « Texte
// Unicode », which has a NUL in every other byte) or no text at all (a workbook, an image, a PDF: NUL and control
// bytes). A text file in UTF-8 or Windows-1252 has neither; a stray NUL further on is told by its line instead.
export const SNIFF_BYTES = 8 * 1024;

// The control bytes no text file holds (tab, line feed, form feed, carriage return and Windows' end-of-file mark
// excepted).
const isControl = (byte: number) =>
  byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a;

export function fileKind(head: Buffer): 'text' | 'utf16' | 'binary' {
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))
    return 'utf16';
  let controls = 0;
  const zeros = [0, 0];
  for (let index = 0; index < head.length; index += 1) {
    if (head[index] === 0) zeros[index % 2] += 1;
    if (isControl(head[index])) controls += 1;
  }
  // Without its byte order mark: the NULs of its Latin letters all on one side.
  const half = Math.floor(head.length / 2);
  if (half >= 2 && Math.max(zeros[0], zeros[1]) >= half * 0.4 && Math.min(zeros[0], zeros[1]) <= half * 0.05)
    return 'utf16';
  // A few NULs in a text are a damaged text, told by line; more than one byte in a hundred is no text.
  return controls > Math.max(2, head.length / 100) ? 'binary' : 'text';
}
