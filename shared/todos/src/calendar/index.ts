// The calendar of todos: its own entry point, so that only the pages that show it pull FullCalendar.
export * from './todo-calendar';
export * from './calendar-loader';
export * from './calendar-range';
