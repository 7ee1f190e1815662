import { limits, type LayoutSettings } from '@bo/contracts';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );
}

export type SidebarMode = 'offCanvas' | 'condensed' | LayoutSettings['sidebarType'];

// The left sidebar: condensed between 768 and 1028 px, the user's choice above; below 768 px the menu opens
// off-canvas.
export function sidebarModeFor(width: number, chosen: LayoutSettings['sidebarType']): SidebarMode {
  if (width < limits.sidebarCondensedMin) return 'offCanvas';
  if (width <= limits.sidebarFixedMin) return 'condensed';
  return chosen;
}
