// The todo dialogs (antd): the kit's forms, and the connected pair a page renders with `useTodoEditor()`.
export * from './todo-forms';
export * from './todo-edit-dialog';
export * from './todo-add-dialog';
export * from './todo-view-dialog';
export * from './use-todo-editor';
export * from './todo-editor-dialogs';
