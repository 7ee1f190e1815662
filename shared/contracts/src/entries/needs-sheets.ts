import { needsSheetModelEndpoints } from '../endpoints/needs-sheet-models';
import { needsSheetStatusEndpoints } from '../endpoints/needs-sheet-statuses';
import { needsSheetEndpoints } from '../endpoints/needs-sheets';
import { endpoints as recordEndpoints } from './records';

// `@bo/contracts/needs-sheets`: the needs sheets, their models and statuses, with their calls beside those of the
// records (companies, contacts, users) a sheet points to.
export * from '@bo/contracts/records';
export * from '../needs-sheet';
export * from '../needs-sheet-csv';
export * from '../needs-sheet-statuses';
export const endpoints = {
  ...recordEndpoints,
  ...needsSheetEndpoints,
  ...needsSheetModelEndpoints,
  ...needsSheetStatusEndpoints,
};
