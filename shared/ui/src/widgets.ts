// `@bo/ui/widgets`: the drag board, the wizard and the contact and company cards, which few pages show: each app
// bundles the ones it uses.
export * from './drag-board/drag-board';
export * from './wizard/wizard';
export * from './objects/contact-card';
export * from './objects/company-details';
