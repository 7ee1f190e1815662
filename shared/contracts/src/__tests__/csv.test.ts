import { csvCell, csvRow, frenchDate } from '../csv';

describe('CSV for French Excel', () => {
  it('separates cells with ; and ends lines with CRLF, quoting what needs it', () => {
    expect(csvRow(['Dupont', 'Rue "Haute"; Lyon', 3, null, true])).toBe('Dupont;"Rue ""Haute""; Lyon";3;;Oui\r\n');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
  });

  it('never lets a cell run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes dates dd/MM/yyyy, an instant as its day in Paris', () => {
    expect(frenchDate('2026-03-10')).toBe('10/03/2026');
    expect(frenchDate('2026-03-10T23:30:00Z')).toBe('11/03/2026');
    expect(frenchDate(null)).toBe('');
  });
});
