import { trackPromise } from '@bo/ui/track-promise';

// FullCalendar, downloaded once (a failure goes to the page's error boundary, as a failed lazy import would).
// Apart from the calendar component so that a page's prefetch can start it without antd.
let fullCalendarModule: Promise<typeof import('./full-calendar-view')> | null = null;

export function loadFullCalendar() {
  fullCalendarModule ??= trackPromise(import('./full-calendar-view'));
  return fullCalendarModule;
}

// Starts downloading FullCalendar before the calendar renders (while the todos load, for instance).
export function preloadTodoCalendar() {
  loadFullCalendar().catch(() => undefined);
}
