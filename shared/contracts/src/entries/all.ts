import { endpoints as needsSheetEndpoints } from './needs-sheets';
import { endpoints as notificationEndpoints } from './notifications';
import { endpoints as reportEndpoints } from './reports';
import { endpoints as searchEndpoints } from './search';

// `@bo/contracts/all`: the whole contract, every call of every domain in one endpoint table: for the server, its
// tests and the benchmarks, which register or walk them all. The browser imports the entry of its domain instead.
export * from './records';
export * from './reports';
export * from './needs-sheets';
export * from '../notification';
export * from '../search';
export const endpoints = { ...reportEndpoints, ...needsSheetEndpoints, ...notificationEndpoints, ...searchEndpoints };
