import { personTitles, type PersonTitle } from '@bo/contracts';

export function toPersonTitle(value: string): PersonTitle {
  const title = personTitles.find((candidate) => candidate === value);
  if (title === undefined) throw new Error(`Unknown person title in the database: ${value}`);
  return title;
}

// A case- and accent-insensitive sort key computed by the database, with the "C" collation so that both
// engines (whatever their default collation) return the same order.
export const SORTABLE_FROM = 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ';
export const SORTABLE_TO = 'aaaaaaeeeeiiiiooooouuuucnyoa';

// LIKE pattern for "contains" with the user's text taken literally.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
