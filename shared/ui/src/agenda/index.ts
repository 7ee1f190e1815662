export * from './todo-events';
export * from './todo-forms';
export * from './todo-calendar';
export * from './todo-edit-dialog';
export * from './todo-add-dialog';
export * from './sample-todos';
export * from './calendar-range';
