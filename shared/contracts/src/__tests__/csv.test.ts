import { csvCell, csvCellText, csvRow, frenchDate } from '../csv';

describe('CSV for French Excel', () => {
  it('separates cells with ; and ends lines with CRLF, quoting what needs it', () => {
    expect(csvRow(['Dupont', 'Rue "Haute"; Lyon', 3, null, true])).toBe('Dupont;"Rue ""Haute""; Lyon";3;;Oui\r\n');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
  });

  it('never lets a cell run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell(-3)).toBe('-3');
    // Full-width starters, and a formula after spaces.
    for (const text of ['＝1+1', '＋1', '－1', '＠SUM(A1)', '  =1+1', '\u3000=1+1', '\t1'])
      expect(csvCell(text)).toBe(`'${text}`);
    expect(csvCell('Rue de Lyon')).toBe('Rue de Lyon');
  });

  it('keeps the leading zero of digits as text, and reads back what it wrote', () => {
    expect(csvCell('01000')).toBe('"=""01000"""');
    expect(csvCell('75001')).toBe('75001');
    expect(csvCellText('="01000"')).toBe('01000');
    expect(csvCellText("'＝1+1")).toBe('＝1+1');
    expect(csvCellText("'=1+1")).toBe('=1+1');
    expect(csvCellText(" l'Oréal ")).toBe("l'Oréal");
  });

  it('writes dates dd/MM/yyyy, an instant as its day in Paris', () => {
    expect(frenchDate('2026-03-10')).toBe('10/03/2026');
    expect(frenchDate('2026-03-10T23:30:00Z')).toBe('11/03/2026');
    expect(frenchDate(null)).toBe('');
  });
});
