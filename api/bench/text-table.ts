// A table of figures as the benchmarks print it: a blank line, the title (when there is one), the header, a rule,
// then one line per row, each column as wide as its widest cell.
export function printTextTable(title: string | null, header: string[], lines: string[][]): void {
  const widths = header.map((name, i) => Math.max(name.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
  console.log(`\n${title === null ? '' : `${title}\n`}${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}`);
  for (const line of lines) console.log(format(line));
}
