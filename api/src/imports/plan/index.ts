// The dry run of an import: every row read with the forms' own field schemas and the rules of the records
// (owner, company, parent, duplicates in the file and in the database), and what the import would do with it. The
// file is read and planned a chunk of rows at a time, in its order; from one chunk to the next only the keys a later
// row may name are kept (and the records updated). The import runs the same plan inside its one transaction and
// writes each chunk as soon as it is planned: a failure anywhere still leaves nothing written.
//
// A row is the existing record only by a key that identifies it: a contact's e-mail (case ignored), a company's
// SIRET, or the id of the file's « Identifiant » column, which must then agree with that key. A phone or a name
// alone identifies no one: such a row is created (or, for a contact that nothing identifies and whose name is
// already in its company, left out) with a « possible doublon » warning naming the record it resembles.

export { foldName, importPhone } from './cells';
export { ROWS_PER_CHUNK, type PlanReport, type WriteChunk } from './chunks';
export type { CompanyColumns, ContactColumns, PlannedWrite } from './columns';
export { planCompanies } from './companies';
export { planContacts } from './contacts';
