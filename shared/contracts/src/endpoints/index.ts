import { calendarFeedEndpoints } from './calendar-feed';
import { contactTodoEndpoints } from './contact-todos';
import type { ListedEndpoint } from './endpoint';
import { liveEndpoints } from './live';
import { phraseEndpoints } from './phrases';
import { taskTypeEndpoints } from './task-types';
import { teamEndpoints } from './team';
import { todoEndpoints } from './todos';
import { userEndpoints } from './user';

export * from './endpoint';
export * from './params';

// The core calls (the session, the todos, the standby lists), which the shell and the agenda use.
// Each domain's calls come with its own entry of the contract (`@bo/contracts/records`...), so that a page downloads
// the schemas of the calls it makes and no others; `@bo/contracts/all` merges every table for the server.
export const endpoints = {
  ...userEndpoints,
  ...calendarFeedEndpoints,
  ...contactTodoEndpoints,
  ...taskTypeEndpoints,
  ...teamEndpoints,
  ...todoEndpoints,
  ...phraseEndpoints,
  ...liveEndpoints,
} satisfies Record<string, ListedEndpoint>;
