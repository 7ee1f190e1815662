import {
  importPayloadSchema,
  importReportSchema,
  importUndoSchema,
  lastImportQuerySchema,
  lastImportSchema,
} from '../import';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { idParamsSchema } from './params';

// CSV import: a dry run (`check`, nothing written), the import itself (the valid rows in one
// transaction), and the undo of a user's last import. The file comes as the multipart field `file`.
export const importEndpoints = endpointGroup('import', {
  checkCompanyImport: {
    method: 'POST',
    path: '/import/companies/check',
    summary:
      'Dry run of a CSV of companies (";" or ",", UTF-8 or Windows-1252, up to 20 MB; existing companies found by SIRET, ' +
      'parents by SIRET or name, in the database or the file): headers, mapping, first rows, each problem with its line ' +
      'and column, what would be created, updated, left unchanged, skipped or rejected, and the report line by line; nothing written',
    access: permission('company', 'import'),
    body: importPayloadSchema,
    file: 'file',
    response: importReportSchema,
  },
  importCompanies: {
    method: 'POST',
    path: '/import/companies',
    summary:
      'Import a CSV of companies: the valid rows in one transaction, parents first (existing SIRET skipped or updated), ' +
      'the report with the import id (null when nothing was created or updated: no import recorded)',
    access: permission('company', 'import'),
    body: importPayloadSchema,
    file: 'file',
    response: importReportSchema,
  },
  checkContactImport: {
    method: 'POST',
    path: '/import/contacts/check',
    summary:
      'Dry run of a CSV of contacts (company by SIRET or name, owner by trigram; an existing contact found by its e-mail ' +
      'or the id column only, a same phone or name flagged as a possible duplicate): the report, nothing written',
    access: permission('contact', 'import'),
    body: importPayloadSchema,
    file: 'file',
    response: importReportSchema,
  },
  importContacts: {
    method: 'POST',
    path: '/import/contacts',
    summary:
      'Import a CSV of contacts: the valid rows in one transaction, the report with the import id (null when nothing was created or updated)',
    access: permission('contact', 'import'),
    body: importPayloadSchema,
    file: 'file',
    response: importReportSchema,
  },
  lastImport: {
    method: 'GET',
    path: '/import/last',
    summary: 'The caller’s last import of a kind, while it may be undone (null when there is none)',
    access: 'session',
    query: lastImportQuerySchema,
    response: lastImportSchema,
  },
  undoImport: {
    method: 'POST',
    path: '/import/:id/undo',
    summary:
      'Undo the caller’s last import (created rows removed, updated rows restored) unless one of its rows changed ' +
      'since: then `undone` is false and `blockers` names them',
    access: 'session',
    params: idParamsSchema,
    response: importUndoSchema,
  },
});
