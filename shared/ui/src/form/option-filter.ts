import { foldAccents } from '@bo/contracts';
import type { ReactNode } from 'react';

// A select's options as the user types: the label contains the text, case and accents ignored ("helene" finds
// "Hélène"). An option labelled by an element, not text, never matches.
export function labelMatches(typed: string, option?: { label?: ReactNode }): boolean {
  const label = option?.label;
  if (typeof label !== 'string' && typeof label !== 'number') return false;
  return foldAccents(String(label)).includes(foldAccents(typed.trim()));
}
