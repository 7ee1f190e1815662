import { z } from 'zod';
import { permission } from '../permissions';
import { taskSchema } from '../task';
import { endpointGroup } from './endpoint';

export const taskTypeEndpoints = endpointGroup('tasks', {
  tasks: {
    method: 'GET',
    path: '/tasks',
    summary: 'Task types that can be given to a todo',
    access: permission('task', 'read'),
    response: z.array(taskSchema),
  },
});
