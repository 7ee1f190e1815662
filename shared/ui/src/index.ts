// The kit every remote shares (one copy, from the shell): the page frame, the off-canvas panel, modals, links and
// load failures. The form fields are `@bo/ui/form`, the list pattern `@bo/ui/list`, the record panels
// `@bo/ui/records` and the wizard `@bo/ui/widgets`: a page that shows none of them downloads none of them.
export * from './page-frame';
export * from './off-canvas';
export * from './lazy-overlay';
export * from './remote';
export * from './stored-dates';
export * from './track-promise';
export * from './use-promise';
export * from './use-typed-text';
export * from './modals/form-modal';
export * from './modals/guarded-modal';
export * from './objects/reach-links';
export * from './objects/load-failed';
