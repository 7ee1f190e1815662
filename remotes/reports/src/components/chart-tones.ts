import type { CSSProperties } from 'react';

// What a series means, for the charts whose series are good or bad news (a todo done on time, done late, late):
// late reads as bad in red whatever the theme, and not by its colour alone, since its bars are striped and those of
// "done late" dotted, in the legend as on the canvas.
export type ChartTone = 'good' | 'warning' | 'bad';
export type ChartFill = 'solid' | 'dots' | 'stripes';

export const toneFills: Record<ChartTone, ChartFill> = { good: 'solid', warning: 'dots', bad: 'stripes' };

// The pattern's tile, in CSS pixels: a gap of the card's colour every 6 pixels, so that the bar keeps its colour's
// contrast against the card.
export const FILL_TILE = 6;

// The legend's swatch drawn as the bars are (CSS background).
export function swatchStyle(colour: string, fill: ChartFill, gap: string): CSSProperties {
  if (fill === 'stripes')
    return {
      backgroundColor: colour,
      backgroundImage: `repeating-linear-gradient(135deg, ${colour} 0 3px, ${gap} 3px 4.2px)`,
    };
  if (fill === 'dots') {
    return {
      backgroundColor: colour,
      backgroundImage: `radial-gradient(circle at 3px 3px, ${gap} 0 1.2px, transparent 1.3px)`,
      backgroundSize: `${FILL_TILE}px ${FILL_TILE}px`,
    };
  }
  return { backgroundColor: colour };
}
