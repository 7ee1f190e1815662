import {
  asciiSlug,
  errorCatalogue,
  foldAccents,
  errorText,
  fields,
  formatPhone,
  isIsoDate,
  isValidRegistrationId,
  loginFieldErrors,
  loginFormSchema,
  messages,
  patterns,
  todosQuerySchema,
  decodeWireCalendarDate,
  wireCalendarDate,
  wireInteger,
  toWireParams,
  wireBoolean,
  withLuhnCheckDigit,
} from '../index';

function firstMessage(
  result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('login form messages', () => {
  it('asks for both fields when empty', () => {
    const result = loginFormSchema.safeParse({ trigram: '', password: '', save: false });
    expect(firstMessage(result, 'trigram')).toBe('Trigramme requis');
    expect(firstMessage(result, 'password')).toBe('Merci de saisir votre mot de passe');
  });

  it.each(['A1B', 'AB', 'ABCD', 'é2z'])('refuses the trigram %s', (trigram) => {
    const result = loginFormSchema.safeParse({ trigram, password: 'x', save: true });
    expect(firstMessage(result, 'trigram')).toBe('Trigramme non valide');
  });

  it('accepts three letters in any case', () => {
    expect(loginFormSchema.safeParse({ trigram: 'dIr', password: 'x', save: false }).success).toBe(true);
  });

  // The login card checks without zod (loginFieldErrors): it must say exactly what the schema says.
  it.each([
    ['', ''],
    ['   ', 'x'],
    ['A1B', ''],
    ['AB', 'x'],
    ['ABCD', 'x'],
    ['é2z', 'x'],
    [' dir ', 'x'],
    ['COM', ''],
    ['com', 'secret'],
  ])('the login card and the schema agree on trigram %j, password %j', (trigram, password) => {
    const result = loginFormSchema.safeParse({ trigram, password, save: false });
    const fromSchema = { trigram: firstMessage(result, 'trigram'), password: firstMessage(result, 'password') };
    const fromCard = loginFieldErrors({ trigram, password });
    expect(fromCard).toEqual(
      Object.fromEntries(Object.entries(fromSchema).filter(([, message]) => message !== undefined)),
    );
  });
});

describe('patterns', () => {
  it.each([
    ['0033612345678', true],
    ['0033 6 12 34 56 78', true],
    ['0033 612 34 56 78', true],
    ['0033 6 1 234 56 78', false],
    ['0033012345678', false],
    ['0612345678', false],
  ])('French phone %s -> %s', (value, ok) => {
    expect(patterns.phone.test(value)).toBe(ok);
  });

  it('formats a stored phone French style', () => {
    expect(formatPhone('0033612345678')).toBe('0033 6 12 34 56 78');
  });

  it('checks SIRET length and Luhn key', () => {
    expect(isValidRegistrationId('73282932000074')).toBe(true);
    expect(isValidRegistrationId('73282932000075')).toBe(false);
    expect(isValidRegistrationId('7328293200007')).toBe(false);
  });

  it('completes 13 digits into a valid SIRET', () => {
    expect(withLuhnCheckDigit('7328293200007')).toBe('73282932000074');
    expect(isValidRegistrationId(withLuhnCheckDigit('1234567890123'))).toBe(true);
  });

  it('takes colours as # and 6 lower-case hex digits', () => {
    expect(patterns.colour.test('#a1b2c3')).toBe(true);
    expect(patterns.colour.test('#A1B2C3')).toBe(false);
    expect(patterns.colour.test('#abc')).toBe(false);
  });

  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
  });

  it('gives the general messages', () => {
    expect(fields.email().safeParse('nope').error?.issues[0].message).toBe(messages.email);
    expect(fields.requiredText().safeParse('  ').error?.issues[0].message).toBe('Entrée requise');
    expect(fields.isoDate().safeParse('').error?.issues[0].message).toBe('Date requise');
    expect(fields.number().safeParse('12').error?.issues[0].message).toBe('Doit être un nombre');
    expect(fields.phone().safeParse('123').error?.issues[0].message).toBe('Entrée non valide');
    // An id left unchosen (a select) is a required entry; a word where an id goes is not a number.
    expect(fields.id().safeParse(null).error?.issues[0].message).toBe('Entrée requise');
    expect(fields.id().safeParse('').error?.issues[0].message).toBe('Entrée requise');
    expect(fields.id().safeParse('douze').error?.issues[0].message).toBe('Doit être un nombre');
  });
});

describe('text folding', () => {
  it('ignores case and accents, and slugs names', () => {
    expect(foldAccents('Léa Crème')).toBe('lea creme');
    expect(asciiSlug('Société Générale & Fils')).toBe('societe-generale-fils');
  });
});

describe('wire forms', () => {
  it('encodes booleans as 0/1, dates as Unix seconds, objects as JSON', () => {
    expect(
      toWireParams({
        a: true,
        b: false,
        c: new Date('2026-11-21T10:00:00Z'),
        d: { x: 1 },
        e: 'text',
        f: undefined,
        g: null,
      }),
    ).toEqual({ a: 1, b: 0, c: 1795255200, d: '{"x":1}', e: 'text' });
  });

  it('decodes "0" as false and refuses other strings', () => {
    expect(wireBoolean.parse('0')).toBe(false);
    expect(wireBoolean.parse('1')).toBe(true);
    expect(wireBoolean.safeParse('yes').success).toBe(false);
  });

  it('decodes Unix seconds to the calendar date in Paris, and takes yyyy-MM-dd as it is', () => {
    const q = todosQuerySchema.parse({ onlyPending: '1', start: '1795255200', end: '2026-11-30' });
    expect(q.onlyPending).toBe(true);
    expect(q.start).toBe('2026-11-21');
    expect(q.end).toBe('2026-11-30');
    // 23:30 UTC on 21 November is already the 22nd in Paris; numbers from JSON bodies count too.
    expect(decodeWireCalendarDate(1795303800)).toBe('2026-11-22');
    expect(decodeWireCalendarDate('1796000000')).toBe('2026-11-30');
    for (const bad of [
      '2026-02-30',
      '21/11/2026',
      '1795255200.5',
      '0x10',
      '+1795255200',
      ' 1795255200',
      '9999999999999',
      '',
    ]) {
      expect(decodeWireCalendarDate(bad)).toBeNull();
    }
    expect(wireCalendarDate().safeParse('2026-13-01').success).toBe(false);
  });

  it('reads ids as canonical decimal integers within the database range', () => {
    expect(fields.id().parse('16')).toBe(16);
    expect(fields.id().parse(2147483647)).toBe(2147483647);
    for (const bad of ['0x10', '+1', '00001', '1.0', '1e3', ' 1', '0', '-1', '2147483648', '', 'abc', 1.5]) {
      expect(fields.id().safeParse(bad).success).toBe(false);
    }
    expect(wireInteger(1, 100).parse('100')).toBe(100);
    expect(wireInteger(1, 100).safeParse('101').success).toBe(false);
  });

  it('refuses a NUL character in text', () => {
    expect(fields.optionalText().safeParse('a\u0000b').success).toBe(false);
    expect(fields.requiredText().safeParse('a\u0000b').success).toBe(false);
    expect(fields.optionalText().parse('a b')).toBe('a b');
  });
});

describe('error catalogue', () => {
  it('keeps the form texts verbatim', () => {
    expect(errorText('apiUnavailable')).toBe('API indisponible');
    expect(errorText('commandTimeout')).toBe("Délai d'attente dépassée");
    expect(errorText('autenticationFailed')).toBe("Echec de l'autentification");
    expect(errorText('existingRegistrationID')).toBe('SIRET existant');
    expect(errorText('weakPassword')).toBe('Mot de passe trop faible');
    expect(errorText('forbidden')).toBe('Commande interdite');
  });

  it('has a French text for every code, and a generic one for unknown codes', () => {
    for (const entry of Object.values(errorCatalogue)) expect(entry.text.length).toBeGreaterThan(3);
    expect(errorText('somethingNew')).toBe(errorCatalogue.error.text);
  });
});
