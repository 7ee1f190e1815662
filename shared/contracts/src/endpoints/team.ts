import { z } from 'zod';
import { permission } from '../permissions';
import { teamMemberSchema, userBriefSchema } from '../team';
import { endpointGroup } from './endpoint';

export const teamEndpoints = endpointGroup('team', {
  users: {
    method: 'GET',
    path: '/users',
    summary: 'Every user, active first then by trigram: the owners to pick or filter on',
    access: permission('user', 'read'),
    response: z.array(userBriefSchema),
  },
  team: {
    method: 'GET',
    path: '/team',
    summary: 'The members the caller leads, with their pending todos of today, late and this week, and their contacts',
    access: permission('team', 'read'),
    response: z.array(teamMemberSchema),
  },
});
