// What /agenda needs before its code has arrived. Part of the remote's light routes module: no antd here.
import { currentUserQueryOptions, queryClient } from '@bo/client';
import { defaultLayoutSettings, type LayoutSettings } from '@bo/contracts';
import { todosQueryOptions } from '@bo/todos';
import { isNarrowScreen, localIsoDate, monthGridRange, weekRange, type CalendarRange } from '@bo/todos/calendar-range';
import { preloadTodoCalendar } from '@bo/todos/calendar-loader';

// How the agenda opens is the user's setting (/mon-compte): its view, and whether accomplished todos are shown.
export type AgendaOpening = Pick<LayoutSettings, 'calendarView' | 'onlyPending'>;

// The setting's words as FullCalendar names its views.
export const calendarViewOf = { month: 'dayGridMonth', week: 'dayGridWeek' } as const satisfies Record<
  LayoutSettings['calendarView'],
  string
>;

// The user's settings when already known (a later visit), the defaults otherwise.
export const knownOpening = (): AgendaOpening =>
  queryClient.getQueryData(currentUserQueryOptions().queryKey)?.settings ?? defaultLayoutSettings;

// What /agenda shows first: today on a phone, else this month's grid or this week, per the user's setting.
export const firstRange = ({ calendarView }: AgendaOpening): CalendarRange => {
  const today = localIsoDate(new Date());
  if (isNarrowScreen()) return { start: today, end: today };
  return calendarView === 'week' ? weekRange(today) : monthGridRange(today);
};

// Before the page renders (the shell calls it on a fresh load of /agenda): the first month's todos and
// FullCalendar download side by side and beside the layout (FullCalendar needs neither antd nor the kit).
export function prefetchAgenda() {
  const opening = knownOpening();
  void queryClient.prefetchQuery(todosQueryOptions({ onlyPending: opening.onlyPending, ...firstRange(opening) }));
  preloadTodoCalendar();
}
