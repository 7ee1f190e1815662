// `@bo/contracts/records`: companies, contacts, users and teams, history, phrases and task types, with their calls.
// The pages that list or edit them import it; the shell and the agenda never download it.
export * from '@bo/contracts';
export * from '../company';
export * from '../contact-list';
export * from '../record-csv';
export * from '../record-labels';
export * from '../history';
export * from '../history-lines';
export * from '../admin';
export * from '../admin-user';
export * from '../colour-contrast';
export * from '../password-policy';
export * from '../csv-reader';
export * from '../import';
export { endpoints } from '../endpoints/records';
