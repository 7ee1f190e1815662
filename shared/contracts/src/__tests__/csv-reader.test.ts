import { csvRow } from '../csv';
import { CsvReader, decoderFor, detectSeparator, foldHeader, parseCsv } from '../csv-reader';
import { guessMapping, rejectedRowsCsv } from '../import';

describe('CSV reader', () => {
  it('reads ";" and "," files, and tells which one a header uses', () => {
    expect(detectSeparator('Raison sociale;SIRET;Ville')).toBe(';');
    expect(detectSeparator('name,siret,"Ville; commune"')).toBe(',');
    expect(parseCsv('a;b\r\n1;2\r\n').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\n1,2').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted cells with separators, doubled quotes and line breaks, and numbers records by their first line', () => {
    const records = parseCsv('Nom;Adresse;Note\r\nDupont;"12 rue ""Haute""; Lyon";"deux\r\nlignes"\r\nMartin;"";x\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['Nom', 'Adresse', 'Note'] },
      { line: 2, cells: ['Dupont', '12 rue "Haute"; Lyon', 'deux\nlignes'] },
      { line: 4, cells: ['Martin', '', 'x'] },
    ]);
  });

  it('keeps a quote inside an unquoted cell, and text after a closing quote', () => {
    expect(parseCsv('a"b;"c"d;e\n', ';').map((r) => r.cells)).toEqual([['a"b', 'cd', 'e']]);
  });

  it('tells where a quoted cell left open to the end of the text began, whatever the pieces', () => {
    const text = 'Nom;Ville\r\nDupont;Lyon\r\nMartin;"Saint-Étienne\r\nDurand;Paris\r\n';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const reader = new CsvReader(';');
      const records = [...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut)), ...reader.end()];
      // The line after the quote is swallowed into its cell: the reader says so.
      expect(records.map((r) => r.cells)).toEqual([
        ['Nom', 'Ville'],
        ['Dupont', 'Lyon'],
        ['Martin', 'Saint-Étienne\nDurand;Paris\n'],
      ]);
      expect(reader.openQuote).toEqual({ line: 3, column: 2, text: 'Saint-Étienne' });
    }
    for (const closed of ['a;"b"\r\n', 'a;"b"', 'a;"b""c"', 'a;b"c\r\n']) {
      const reader = new CsvReader(';');
      reader.push(closed);
      reader.end();
      expect(reader.openQuote).toBeNull();
    }
    const escaped = new CsvReader(';');
    escaped.push('a;"b""');
    escaped.end();
    expect(escaped.openQuote).toEqual({ line: 1, column: 2, text: 'b"' });
  });

  it('reads back what the CSV writer writes', () => {
    const cells = ['a;b', 'say "hi"', 'one\ntwo', '', 'plain'];
    expect(parseCsv(csvRow(cells), ';').map((r) => r.cells)).toEqual([cells]);
  });

  it('skips blank lines and a byte order mark, and reads a text cut anywhere into pieces', () => {
    expect(parseCsv('\uFEFFa;b\r\n\r\n;\r\n1;2').map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [4, ['1', '2']],
    ]);
    const text = 'x;y\r\n"q;\r\nq";""""\r\nz;w';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const reader = new CsvReader(';');
      const records = [...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut)), ...reader.end()];
      expect(records.map((r) => r.cells)).toEqual([
        ['x', 'y'],
        ['q;\nq', '"'],
        ['z', 'w'],
      ]);
      expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
    }
  });

  it('decodes UTF-8 with its byte order mark, and refuses Windows-1252 bytes as UTF-8', () => {
    expect(decoderFor('utf-8').decode(Buffer.from('\uFEFFSociété', 'utf8'))).toBe('Société');
    const ansi = Buffer.from([0x53, 0x6f, 0x63, 0x69, 0xe9, 0x74, 0xe9]);
    expect(() => decoderFor('utf-8').decode(ansi)).toThrow();
    expect(decoderFor('windows-1252').decode(ansi)).toBe('Société');
  });
});

describe('import headers', () => {
  it('folds case, accents, spaces and punctuation', () => {
    expect(foldHeader(' E-Mail ')).toBe('email');
    expect(foldHeader('PRÉNOM')).toBe('prenom');
    expect(foldHeader('Code  postal')).toBe('codepostal');
  });

  it('recognises the French headers of a contacts file and leaves the unknown ones unmapped', () => {
    expect(
      guessMapping('contacts', ['CIVILITE', 'prénom', 'Nom', 'e-mail', 'Téléphone', 'Société', 'Remarque']),
    ).toEqual({
      title: 0,
      firstName: 1,
      lastName: 2,
      email: 3,
      phone: 4,
      company: 5,
    });
    expect(guessMapping('companies', ['Raison sociale', 'Siret', 'Code postal', 'Ville', 'Propriétaire'])).toEqual({
      name: 0,
      registrationId: 1,
      postalCode: 2,
      city: 3,
      owner: 4,
    });
  });

  it('writes the rejected rows with their reason', () => {
    expect(
      rejectedRowsCsv({
        headers: ['Nom', 'SIRET'],
        rejectedRows: [{ line: 3, cells: ['Acme'], reason: 'SIRET : Entrée requise' }],
      }),
    ).toBe('\uFEFFNom;SIRET;Motif du rejet\r\nAcme;;SIRET : Entrée requise\r\n');
  });
});
