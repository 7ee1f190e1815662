import { z } from 'zod';
import { MAX_PASSWORD } from './account';
import { errorCatalogue } from './errors';
import { messages } from './rules';
import { foldAccents } from './text';

// The password policy, one function for the server (which answers weakPassword) and the forms (which
// say why before sending): at least 12 characters, none of the person's trigram or names inside, not a common
// password (even with digits or signs around it).
export const MIN_PASSWORD_LENGTH = 12;

// The most used passwords and their French favourites, folded (lower case, no accents). A password is refused
// when it is one of them once the digits and signs around it are taken off ("Motdepasse2026!" is "motdepasse").
export const COMMON_PASSWORDS: readonly string[] = [
  '123456',
  '123456789',
  '12345678',
  '1234567890',
  '111111',
  '000000',
  '123123',
  '654321',
  '121212',
  '112233',
  'password',
  'passw0rd',
  'password1',
  'motdepasse',
  'mot2passe',
  'azerty',
  'azertyuiop',
  'azerty123',
  'qwerty',
  'qwertyuiop',
  'qwerty123',
  'abc123',
  'abcdef',
  'iloveyou',
  'jetaime',
  'soleil',
  'bonjour',
  'bonjour123',
  'bienvenue',
  'welcome',
  'admin',
  'administrateur',
  'administrator',
  'root',
  'master',
  'letmein',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'superman',
  'batman',
  'starwars',
  'princess',
  'sunshine',
  'shadow',
  'michael',
  'jessica',
  'charlie',
  'doudou',
  'chouchou',
  'loulou',
  'nicolas',
  'julien',
  'camille',
  'marseille',
  'paris',
  'lyon',
  'toulouse',
  'france',
  'chocolat',
  'coucou',
  'salut',
  'vacances',
  'printemps',
  'automne',
  'hiver',
  'ete',
  'changeme',
  'changez-moi',
  'secret',
  'secret123',
  'trustno1',
  'access',
  'login',
  'utilisateur',
  'entreprise',
  'societe',
  'backoffice',
  'back-office',
  'hello',
  'hello123',
  'test',
  'test123',
  'testtest',
  'qazwsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'aaaaaa',
  'azertyqwerty',
  'motdepasse123',
  'password123',
  'welcome123',
  'liverpool',
  'chelsea',
  'arsenal',
  'psg',
  'olympique',
  'pokemon',
  'naruto',
  'freedom',
  'whatever',
];

const common = new Set(COMMON_PASSWORDS);

export type PasswordOwner = { trigram?: string | null; firstName?: string | null; lastName?: string | null };

export type PasswordProblem = 'tooShort' | 'containsName' | 'common';

export const passwordProblemTexts: Record<PasswordProblem, string> = {
  tooShort: `Au moins ${MIN_PASSWORD_LENGTH} caractères`,
  containsName: 'Ni le trigramme, ni le prénom, ni le nom',
  common: 'Pas un mot de passe courant',
};

// The text said under the field: what the policy asks, in one sentence.
export const PASSWORD_POLICY_TEXT = `Au moins ${MIN_PASSWORD_LENGTH} caractères, sans le trigramme, le prénom ni le nom, et pas un mot de passe courant.`;

// What is wrong with a password for this person; an empty list when the policy accepts it.
export function passwordProblems(password: string, owner: PasswordOwner = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) problems.push('tooShort');
  const folded = foldAccents(password);
  // Names shorter than 3 letters ("Li") would refuse too many passwords; the trigram is always 3.
  const names = [owner.trigram, owner.firstName, owner.lastName]
    .map((name) => foldAccents((name ?? '').trim()))
    .flatMap((name) => [name, ...name.split(/[\s'-]+/)])
    .filter((name) => name.length >= 3);
  if (names.some((name) => folded.includes(name))) problems.push('containsName');
  const core = folded.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (common.has(folded) || common.has(core) || common.has(folded.replace(/[^a-z0-9]/g, ''))) problems.push('common');
  return problems;
}

export const isStrongPassword = (password: string, owner: PasswordOwner = {}): boolean =>
  passwordProblems(password, owner).length === 0;

// What the policy says about a password, as a field message: the catalogue's text and what is missing.
export function weakPasswordMessage(password: string, owner: PasswordOwner): string | null {
  const problems = passwordProblems(password, owner);
  if (problems.length === 0) return null;
  return `${errorCatalogue.weakPassword.text} : ${problems.map((problem) => passwordProblemTexts[problem].toLowerCase()).join(', ')}`;
}

// The password form, with the policy checked before sending (the same function as the server's).
export function passwordChangeFormSchema(owner: PasswordOwner) {
  return z
    .object({
      currentPassword: z
        .string({ error: messages.passwordRequired })
        .min(1, messages.passwordRequired)
        .max(MAX_PASSWORD, messages.invalid),
      newPassword: z
        .string({ error: messages.passwordRequired })
        .min(1, messages.passwordRequired)
        .max(MAX_PASSWORD, messages.invalid),
      confirmation: z.string(),
    })
    .superRefine((values, context) => {
      const message = weakPasswordMessage(values.newPassword, owner);
      if (values.newPassword !== '' && message !== null)
        context.addIssue({ code: 'custom', path: ['newPassword'], message });
      if (values.confirmation !== values.newPassword)
        context.addIssue({ code: 'custom', path: ['confirmation'], message: 'Les deux saisies diffèrent' });
    });
}
