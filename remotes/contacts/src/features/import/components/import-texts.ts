import type { ImportReport } from '@bo/contracts/records';

// The French wording of the import's counts and dates.

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

export const plural = (count: number, word: string) =>
  `${count.toLocaleString('fr-FR')} ${word}${count > 1 ? 's' : ''}`;

// "2 lignes inchangées" (an adjective after its noun agrees with it).
export const counted = (count: number, noun: string, adjective: string) =>
  `${plural(count, noun)} ${adjective}${count > 1 ? 's' : ''}`;

export const unchangedSkippedRejected = (report: ImportReport) =>
  `${counted(report.unchanged, 'ligne', 'inchangée')}, ${counted(report.skipped, 'ligne', 'ignorée')}, ${counted(report.rejected, 'ligne', 'rejetée')}`;
