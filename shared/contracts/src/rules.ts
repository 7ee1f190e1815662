// The validation rules that need no schema library (docs/requirements.md): messages, patterns, and the login form's checks. The
// login card checks its two fields with them (no form library); the zod fields of validation.ts are built on
// the same constants.

// Form messages, verbatim: every form and the server say the same words.
export const messages = {
  required: 'Entrée requise',
  dateRequired: 'Date requise',
  number: 'Doit être un nombre',
  invalid: 'Entrée non valide',
  email: 'Merci de saisir une adresse email valide',
  trigramRequired: 'Trigramme requis',
  trigramInvalid: 'Trigramme non valide',
  passwordRequired: 'Merci de saisir votre mot de passe',
  noMatch: 'Aucune correspondance',
} as const;

// A typed date that is no date: said under the field, with the form it is read in.
export const TYPED_DATE_INVALID = 'Date non valide : saisissez-la en jj/mm/aaaa (par exemple 03/12/2026)';

// Patterns of the validated fields.
export const patterns = {
  // 0033, a non-zero digit, then four pairs of digits, spaces optional between the groups.
  phone: /^0033 ?[1-9]( ?\d{2}){4}$/,
  registrationId: /^\d{14}$/,
  trigram: /^[A-Za-z]{3}$/,
  colour: /^#[0-9a-f]{6}$/,
  // A colour as a person or a tool may type it: either case, stored in lower case (patterns.colour).
  colourEntry: /^#[0-9a-f]{6}$/i,
  isoDate: /^\d{4}-\d{2}-\d{2}$/,
} as const;

export const TRIGRAM_LENGTH = 3;
export const REGISTRATION_ID_LENGTH = 14;

// The login form's errors by field, as the zod loginFormSchema reports them.
export type LoginFieldErrors = Partial<Record<'trigram' | 'password', string>>;

export function loginFieldErrors(values: { trigram: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const trigram = values.trigram.trim();
  if (trigram.length === 0) errors.trigram = messages.trigramRequired;
  else if (trigram.length > TRIGRAM_LENGTH || !patterns.trigram.test(trigram)) errors.trigram = messages.trigramInvalid;
  if (values.password.length === 0) errors.password = messages.passwordRequired;
  return errors;
}

// Where the browser keeps a saved session token (local storage, when the user chose "Enregistrer").
export const TOKEN_STORAGE_KEY = 'token';

// The page the daily digest's unsubscribe link opens, without logging in (docs/notifications.md), its secret in
// `jeton`. Here, zod-free, because the shell's boot reads it.
export const UNSUBSCRIBE_PATH = '/desabonnement';
export const UNSUBSCRIBE_PARAM = 'jeton';
