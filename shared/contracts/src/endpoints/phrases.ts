import { z } from 'zod';
import { permission } from '../permissions';
import { phraseSchema } from '../phrase';
import { endpointGroup } from './endpoint';

export const phraseEndpoints = endpointGroup('phrases', {
  phrases: {
    method: 'GET',
    path: '/phrases',
    summary: 'The active predefined phrases, by category and display order, for the notes fields’ picker',
    access: permission('phrase', 'read'),
    response: z.array(phraseSchema),
  },
});
