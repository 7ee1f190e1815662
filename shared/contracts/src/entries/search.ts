import { searchEndpoints } from '../endpoints/search';

// `@bo/contracts/search`: the search box of every page (docs/search.md), downloaded with its dialog when first opened.
export * from '../search';
export const endpoints = searchEndpoints;
