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

// Text put into HTML (a search's snippet, an e-mail): its markup characters as entities.
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
