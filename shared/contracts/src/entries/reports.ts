import { reportEndpoints } from '../endpoints/reports';
import { endpoints as recordEndpoints } from './records';

// `@bo/contracts/reports`: the reports of /rapports/*, their calls beside those of the records they read.
export * from '@bo/contracts/records';
export * from '../reports';
export const endpoints = { ...recordEndpoints, ...reportEndpoints };
