import {
  Calendar,
  type CalendarOptions,
  type DatesSetArg,
  type EventClickArg,
  type EventContentArg,
  type EventDropArg,
  type EventMountArg,
} from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { addDays } from '@bo/contracts';
import { repairCalendarDom } from './calendar-dom-repair';
import { isNarrowScreen, localIsoDate, type CalendarRange } from './calendar-range';
import type { TodoEvent } from '../todo-events';

export type CalendarView = 'dayGridMonth' | 'dayGridWeek' | 'dayGridDay';
export type TodoDrop = { todoId: number; deadline: string; revert: () => void };

export type FullCalendarViewProps = {
  events: TodoEvent[];
  initialDate?: string;
  initialView?: CalendarView;
  // A day to show, when it changes after the first drawing (a linked todo's deadline).
  focusDate?: string;
  onEventClick?: (todoId: number) => void;
  onEventDrop?: (drop: TodoDrop) => void;
  onRangeChange?: (range: CalendarRange) => void;
};

const plugins = [dayGridPlugin, interactionPlugin];
const headerToolbar = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,dayGridWeek,dayGridDay' };
// A month cell shows a few todos and a "+N en plus" link; the week and day views show them all.
const views = {
  dayGridMonth: { dayMaxEvents: 4 },
  dayGridWeek: { dayMaxEvents: false },
  dayGridDay: { dayMaxEvents: false },
};

const span = (className: string, text: string) => {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
};

// A chip says whom the todo is for (three "Appel de suivi" on a day are told apart by their contact), then its task
// type, then the company, which the stylesheet hides when the chip is too narrow for it; "aboutie" for screen
// readers, as the grey says it to the eye.
function chipContent(arg: EventContentArg) {
  const { contactName, company, isAccomplished } = arg.event.extendedProps as TodoEvent['extendedProps'];
  const title = document.createElement('div');
  title.className = 'fc-event-title bo-chip';
  title.append(span('bo-chip__contact', contactName), span('bo-chip__task', ` · ${arg.event.title}`));
  if (company) title.append(span('bo-chip__company', ` (${company})`));
  if (isAccomplished) title.append(span('bo-sr-only', ' (aboutie)'));
  return { domNodes: [title] };
}

// The chip is a link without address that opens the todo: a button, named by its text; the full text as a tooltip
// for a chip cut short.
function describe(info: EventMountArg) {
  const { contact, isAccomplished } = info.event.extendedProps as TodoEvent['extendedProps'];
  if (info.el.tabIndex === 0) info.el.setAttribute('role', 'button');
  info.el.setAttribute('title', `${info.event.title} : ${contact}${isAccomplished ? ' (aboutie)' : ''}`);
  info.el.dataset.todoId = info.event.id;
}

// FullCalendar itself, loaded apart from the rest of the kit (it weighs about 60 KB gzip), driven through its own
// Calendar class: its React component adds a store and React state for content rendered by React, which this
// calendar has none of. Its options keep their identity from one render to the next (memo, stable handlers
// reading the latest props): FullCalendar redraws its events whenever an option changes, which with 2 000 todos
// costs a visible moment.
export const FullCalendarView = memo(function FullCalendarView({
  events,
  initialDate,
  initialView = 'dayGridMonth',
  focusDate,
  onEventClick,
  onEventDrop,
  onRangeChange,
}: FullCalendarViewProps) {
  const latest = useRef({ onEventClick, onEventDrop, onRangeChange });
  const box = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  useLayoutEffect(() => {
    latest.current = { onEventClick, onEventDrop, onRangeChange };
  });
  const eventClick = useCallback((info: EventClickArg) => {
    info.jsEvent.preventDefault();
    latest.current.onEventClick?.(Number(info.event.id));
  }, []);
  const eventDrop = useCallback((info: EventDropArg) => {
    const start = info.event.start;
    const onDrop = latest.current.onEventDrop;
    if (!start || !onDrop) return info.revert();
    onDrop({ todoId: Number(info.event.id), deadline: localIsoDate(start), revert: info.revert });
  }, []);
  const datesSet = useCallback(
    (info: DatesSetArg) =>
      latest.current.onRangeChange?.({ start: localIsoDate(info.start), end: addDays(localIsoDate(info.end), -1) }),
    [],
  );
  const editable = Boolean(onEventDrop);
  // What changes after the first drawing: the events, and whether they may be moved.
  const options = useMemo<CalendarOptions>(
    () => ({ events, editable, eventClick, eventDrop, datesSet, eventDidMount: describe }),
    [events, editable, eventClick, eventDrop, datesSet],
  );
  const drawn = useRef(options);
  // Drawn in a layout effect, as the page commits: the month is on screen in the same frame as the page. The first
  // view and date are read once, as FullCalendar itself reads them.
  useLayoutEffect(() => {
    const element = host.current;
    const container = box.current;
    if (!element || !container) return;
    const instance = new Calendar(element, {
      plugins,
      locale: frLocale,
      firstDay: 1,
      initialView: isNarrowScreen() ? 'dayGridDay' : initialView,
      initialDate,
      headerToolbar,
      views,
      height: 'auto',
      eventDurationEditable: false,
      eventContent: chipContent,
      ...drawn.current,
    });
    instance.render();
    const stopRepair = repairCalendarDom(element);
    calendar.current = instance;
    // FullCalendar follows the window's size only: a layout or sidebar change resizes its container without any
    // window resize, so the container is watched and the calendar told (updateSize). The width it was laid out at
    // is read now, while its cells' measures are fresh: the first size report then costs a layout only when the
    // width moved in between (the user's layout settings arriving, a sidebar opening).
    let width = container.clientWidth;
    let frame = 0;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            const next = container.clientWidth;
            if (next === width) return;
            width = next;
            cancelAnimationFrame(frame);
            frame = requestAnimationFrame(() => instance.updateSize());
          });
    observer?.observe(container);
    return () => {
      stopRepair();
      cancelAnimationFrame(frame);
      observer?.disconnect();
      calendar.current = null;
      instance.destroy();
    };
  }, []);
  // Only the options that changed are handed over: FullCalendar refines each one it is told about again (the
  // events anew, as a new source, when their list is named).
  useLayoutEffect(() => {
    const before = drawn.current;
    if (before === options) return;
    drawn.current = options;
    const changed = (Object.keys(options) as (keyof CalendarOptions)[]).filter(
      (name) => options[name] !== before[name],
    );
    calendar.current?.resetOptions(options, changed);
  }, [options]);
  useLayoutEffect(() => {
    if (focusDate) calendar.current?.gotoDate(focusDate);
  }, [focusDate]);
  // FullCalendar takes over the inner element (its classes, its height): the stylesheet's `.bo-calendar .fc` rules
  // style it from the box.
  return (
    <div ref={box} className="bo-calendar">
      <div ref={host} />
    </div>
  );
});
