import { patterns } from './rules';

// WCAG 2.x contrast between two colours (#rrggbb): the task type form warns below AA for normal text, since the
// calendar chip's text is small.
export const WCAG_AA_NORMAL_TEXT = 4.5;

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

// Relative luminance (0 for black, 1 for white), or null for a colour that is not #rrggbb.
export function relativeLuminance(colour: string): number | null {
  if (!patterns.colour.test(colour.toLowerCase())) return null;
  const [r, g, b] = [1, 3, 5].map((start) => channel(parseInt(colour.slice(start, start + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// From 1 (same colour) to 21 (black on white), rounded down to two decimals so that a ratio shown as 4.50 passes
// and one shown as 4.49 does not; null when either colour is not #rrggbb.
export function contrastRatio(foreground: string, background: string): number | null {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  if (a === null || b === null) return null;
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return Math.floor(ratio * 100) / 100;
}

export const meetsWcagAa = (foreground: string, background: string): boolean =>
  (contrastRatio(foreground, background) ?? 0) >= WCAG_AA_NORMAL_TEXT;

// The text to write on a background of the user's choosing (a status's colour): white or black, whichever reads
// better; one of the two always meets AA.
export const readableTextOn = (background: string): '#ffffff' | '#000000' =>
  (contrastRatio('#ffffff', background) ?? 0) >= (contrastRatio('#000000', background) ?? 0) ? '#ffffff' : '#000000';
