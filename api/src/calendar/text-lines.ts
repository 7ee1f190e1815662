// Content lines of RFC 5545 (iCalendar) and RFC 6350 (vCard): escaped values, lines folded at 75 octets
// (never inside a UTF-8 character), CRLF line ends.

// TEXT values: backslash, semicolon, comma and line breaks escaped.
const escapes: Record<string, string> = { '\\': '\\\\', ';': '\\;', ',': '\\,' };
export function escapeText(value: string): string {
  return value.replace(/[\\;,]|\r\n|\r|\n/g, (found) => escapes[found] ?? '\\n');
}

// A line longer than 75 octets continues on the next, which starts with one space. Most lines are short (25 UTF-16
// units are at most 75 octets) or plain: they are returned as they are, without walking them (a feed has thousands).
export function foldLine(line: string): string {
  if (line.length <= 25 || (line.length <= 75 && Buffer.byteLength(line) <= 75)) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let index = 0; index < line.length;) {
    const code = line.codePointAt(index) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(line.slice(start, index));
      start = index;
      octets = 0;
    }
    octets += size;
    index += code > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

// A content line: folded, with its CRLF.
export const contentLine = (line: string): string => `${foldLine(line)}\r\n`;

export function contentLines(lines: readonly string[]): string {
  return lines.map(contentLine).join('');
}
