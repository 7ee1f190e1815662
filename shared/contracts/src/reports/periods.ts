import { addDays } from '../dates';

// The periods a report is read over: presets around today, or a period chosen.

export const periodPresets = ['week', 'month', 'lastMonth', 'quarter', 'year', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export const periodPresetLabels: Record<PeriodPreset, string> = {
  week: 'Cette semaine',
  month: 'Ce mois',
  lastMonth: 'Le mois dernier',
  quarter: 'Ce trimestre',
  year: 'Cette année',
  custom: 'Période choisie',
};

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

// The calendar days of a preset around `today` (yyyy-MM-dd), both included; weeks start on Monday.
export function periodRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number);
  switch (preset) {
    case 'week': {
      const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return { from: iso(y, m, 1), to: iso(y, m + 1, 0) };
    case 'lastMonth':
      return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
    case 'quarter': {
      const first = Math.floor((m - 1) / 3) * 3 + 1;
      return { from: iso(y, first, 1), to: iso(y, first + 3, 0) };
    }
    case 'year':
      return { from: iso(y, 1, 1), to: iso(y, 12, 31) };
  }
}
