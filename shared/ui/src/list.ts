// `@bo/ui/list`: the list pattern (`ListView`: table, search, filters, sort, paging, the state in the address, CSV
// export), the table of rows a page already holds (`DataTable`) and the reorderable table. Shared from the shell
// like the kit, but downloaded only by the pages that list.
export * from './list/list-state';
export * from './list/use-list-state';
export * from './list/csv';
export * from './list/list-view';
export * from './list/column-order';
export * from './list/reorderable-table';
export * from './list/data-table';
