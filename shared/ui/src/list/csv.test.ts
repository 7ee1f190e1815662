import { toCsv } from './csv';

describe('CSV export', () => {
  const columns = [
    { title: 'Nom', value: (row: { name: string; amount: number | null }) => row.name },
    { title: 'Montant', value: (row: { name: string; amount: number | null }) => row.amount },
  ];

  it('starts with a byte order mark and separates cells with semicolons, lines with CRLF', () => {
    expect(toCsv(columns, [{ name: 'Léa', amount: 12.5 }])).toBe('\uFEFFNom;Montant\r\nLéa;12,5\r\n');
  });

  it('quotes cells holding a separator, a quote or a line break', () => {
    const csv = toCsv(columns, [{ name: 'Dupont; "fils"\nSA', amount: null }]);
    expect(csv.split('\r\n')[1]).toBe('"Dupont; ""fils""\nSA";');
  });

  it('keeps a cell that looks like a formula as text', () => {
    expect(toCsv(columns, [{ name: '=HYPERLINK("x")', amount: -3 }]).split('\r\n')[1]).toBe('"\'=HYPERLINK(""x"")";-3');
  });
});
