// The kit's pieces for pages of records (lists with a panel per record): the panel, its place in the address, the
// history, tabs, owner and company pickers, reassignment. An entry of its own, outside the shared kit: the pages
// that need them (contacts, and the remotes built like it) bundle what they use, and the agenda loads none of it.
export * from './panel/entity-panel';
export * from './panel/edit-conflict';
export * from './panel/use-panel-param';
export * from './panel/use-record-form';
export * from './history/history-timeline';
export * from './pickers/users';
export * from './pickers/company-search';
export * from './pickers/company-contacts';
export * from './pickers/reassign-contacts-dialog';
export * from './pickers/user-picker-dialog';
export * from './tabs/tabs';
