// The error catalogue (docs/requirements.md). Codes are wire names that clients match on: kept exactly as they
// were first spelled, typos included. The French texts are those the users know, verbatim.
export const errorCatalogue = {
  apiUnavailable: { status: 0, text: 'API indisponible' },
  commandTimeout: { status: 0, text: "Délai d'attente dépassée" },
  autenticationFailed: { status: 401, text: "Echec de l'autentification" },
  dataInvalid: { status: 422, text: 'Données non valides' },
  existingRegistrationID: { status: 409, text: 'SIRET existant' },
  forbidden: { status: 403, text: 'Commande interdite' },
  weakPassword: { status: 422, text: 'Mot de passe trop faible' },
  cantDeactivateCompanyWithContacts: {
    status: 409,
    text: 'Impossible de désactiver une société qui a des contacts actifs',
  },
  cantDeactivateCmpanyWithSubsidarie: {
    status: 409,
    text: 'Impossible de désactiver une société qui a des filiales actives',
  },
  cantDeactivateContactWithTodos: {
    status: 409,
    text: 'Impossible de désactiver un contact qui a des tâches actives',
  },
  cantDeactivateUserWithContact: {
    status: 409,
    text: 'Impossible de désactiver un compte qui a des contacts actifs',
  },
  cantDeactivateUserWithTeam: {
    status: 409,
    text: 'Impossible de désactiver un compte qui a des membres d’équipe',
  },
  tokenBlacklisted: { status: 401, text: 'Session révoquée, merci de vous reconnecter' },
  tokenExpired: { status: 401, text: 'Session expirée, merci de vous reconnecter' },
  tokenInvalid: { status: 401, text: 'Session non valide, merci de vous reconnecter' },
  error: { status: 500, text: 'Une erreur est survenue' },
  existingEmail: { status: 409, text: 'Adresse email existante' },
  // A save made from an older read of the record (versions.ts): its error names who changed it and when.
  editConflict: { status: 409, text: 'Modifié entre-temps par un autre utilisateur' },
  // A task type whose text would not read on its background (below 4.5:1, task.ts).
  lowContrast: { status: 422, text: 'Texte illisible sur ce fond : le contraste doit atteindre au moins 4,5:1' },
  existingName: { status: 409, text: 'Nom existant' },
  existingTitle: { status: 409, text: 'Titre existant' },
  existingTrigram: { status: 409, text: 'Trigramme existant' },
  existingUser: { status: 409, text: 'Utilisateur existant' },
  existingValue: { status: 409, text: 'Valeur existante' },
  inactiveCompany: { status: 409, text: 'La société est inactive' },
  inactiveParentCompany: { status: 409, text: 'La société mère est inactive' },
  inactiveUser: { status: 403, text: 'Compte désactivé' },
  integrityError: { status: 409, text: "Opération impossible : d'autres données en dépendent" },
  internalServerError: { status: 500, text: 'Erreur interne du serveur' },
  methodNotAllowed: { status: 405, text: 'Méthode non autorisée' },
  modelNotFound: { status: 404, text: 'Élément introuvable' },
  notAllowed: { status: 403, text: 'Action non autorisée' },
  queryException: { status: 500, text: 'Erreur lors de la requête en base de données' },
  unauthorized: { status: 401, text: 'Authentification requise' },
  unknownCommand: { status: 404, text: 'Commande inconnue' },
  unknownUser: { status: 404, text: 'Utilisateur inconnu' },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

// Codes after which the stored token is worthless: the client clears it.
export const tokenErrorCodes: readonly ErrorCode[] = ['tokenBlacklisted', 'tokenExpired', 'tokenInvalid'];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

// French text for a code; an unknown code (a newer server) falls back to the generic text.
export function errorText(code: string): string {
  return isErrorCode(code) ? errorCatalogue[code].text : errorCatalogue.error.text;
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}
