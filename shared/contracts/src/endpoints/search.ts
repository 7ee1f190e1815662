import { globalSearchQuerySchema, searchResultSchema } from '../search';
import { endpointGroup } from './endpoint';

// The search box of every page (docs/search.md).
export const searchEndpoints = endpointGroup('search', {
  search: {
    method: 'GET',
    path: '/search',
    summary:
      'Companies, contacts, needs sheets and, for an admin, users matching q (2+ characters, case and accents ignored): each kind’s best 6, best first',
    access: 'session',
    query: globalSearchQuerySchema,
    response: searchResultSchema,
  },
});
