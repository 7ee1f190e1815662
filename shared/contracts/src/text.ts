// Case and accents ignored ("Léa" -> "lea"): searches and generated identifiers, browser and server alike.
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// "Société Générale" -> "societe-generale" (demo e-mail addresses and domains).
export function asciiSlug(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
