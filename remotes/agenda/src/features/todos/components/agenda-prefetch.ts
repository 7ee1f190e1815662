// What /agenda needs before its code has arrived. Part of the remote's light routes module: no antd here.
import { queryClient } from '@bo/client';
import { CALENDAR_ONLY_PENDING_DEFAULT } from '@bo/contracts';
import { todosQueryOptions } from '@bo/todos';
import { localIsoDate, monthGridRange, type CalendarRange } from '@bo/todos/calendar-range';
import { preloadTodoCalendar } from '@bo/todos/calendar-loader';

// What /agenda shows first: this month's grid, with accomplished todos unless the option says otherwise.
export const firstMonth = (): CalendarRange => monthGridRange(localIsoDate(new Date()));

// Before the page renders (the shell calls it on a fresh load of /agenda): the first month's todos and
// FullCalendar download side by side and beside the layout (FullCalendar needs neither antd nor the kit).
export function prefetchAgenda() {
  const { start, end } = firstMonth();
  void queryClient.prefetchQuery(todosQueryOptions({ onlyPending: CALENDAR_ONLY_PENDING_DEFAULT, start, end }));
  preloadTodoCalendar();
}
