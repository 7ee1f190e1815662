import { z } from 'zod';
import { endpointGroup } from './endpoint';

// The live changes' stream (docs/live-changes.md): one per open tab, shared by the shell and the remotes.
export const liveEndpoints = endpointGroup('live', {
  events: {
    method: 'GET',
    path: '/events',
    summary:
      'Server-Sent Events: the committed changes the caller may see, as they happen; send Last-Event-ID to resume',
    access: 'session',
    response: z.string(),
    produces: 'text/event-stream',
  },
});
