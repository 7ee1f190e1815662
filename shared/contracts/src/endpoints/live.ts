import { z } from 'zod';
import { liveStreamQuerySchema, presencePayloadSchema } from '../live';
import { endpointGroup } from './endpoint';
import { noDataSchema } from './params';

// The live changes' stream (docs/live-changes.md): one per open tab, shared by the shell and the remotes.
export const liveEndpoints = endpointGroup('live', {
  events: {
    method: 'GET',
    path: '/events',
    summary:
      'Server-Sent Events: the committed changes the caller may see, as they happen; send Last-Event-ID to resume',
    access: 'session',
    query: liveStreamQuerySchema,
    response: z.string(),
    produces: 'text/event-stream',
    background: true,
  },
  setPresence: {
    method: 'POST',
    path: '/events/presence',
    summary: 'The record whose panel this tab shows (none: it shows none), for the others’ streams',
    access: 'session',
    body: presencePayloadSchema,
    response: noDataSchema,
    background: true,
  },
});
