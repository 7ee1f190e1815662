// `@bo/ui/form`: the form fields, the date picker, the zod form and the server's errors shown on their fields. Shared
// from the shell like the kit, but downloaded only by the pages that show a form (with antd's inputs, selects and
// date picker): the agenda and the lists show none until a dialog or a panel opens.
export * from './form/field';
export * from './form/inputs';
export * from './form/select-menu';
export * from './form/date-picker';
export * from './form/use-zod-form';
export * from './form/server-errors';
export * from './form/notes-field';
