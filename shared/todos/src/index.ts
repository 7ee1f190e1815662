// The todo and standby data layer, for every remote: fetchers, query options, hooks, mutations and the cache
// updates they make. No antd and no calendar here (see `./dialogs` and `./calendar`), so a light module may
// import it.
export * from './api/get-todos';
export * from './api/get-todo';
export * from './api/get-tasks';
export * from './api/get-standby-contacts';
export * from './api/store-todo';
export * from './api/accomplish-todo';
export * from './api/add-contact-todo';
export * from './api/search-contacts';
export * from './todo-cache';
export * from './todo-events';
export * from './dates';
