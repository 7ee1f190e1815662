import { z } from 'zod';
import {
  displayOrderPayloadSchema,
  phraseStorePayloadSchema,
  taskTypeSchema,
  taskTypeStorePayloadSchema,
} from '../admin';
import { historyEntrySchema, historyQuerySchema } from '../history';
import { listPageSchema } from '../paging';
import { phraseSchema } from '../phrase';
import {
  adminUserSchema,
  teamMovePayloadSchema,
  teamMoveResultSchema,
  userCreatePayloadSchema,
  userUpdatePayloadSchema,
} from '../admin-user';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { idParamsSchema } from './params';

// Every call of the admin pages: one permission (administration:manage), checked before any handler.
const manage = permission('administration', 'manage');

export const adminEndpoints = endpointGroup('admin', {
  adminTaskTypes: {
    method: 'GET',
    path: '/admin/tasks',
    summary: 'Every task type, inactive ones included, in display order',
    access: manage,
    response: z.array(taskTypeSchema),
  },
  createTaskType: {
    method: 'POST',
    path: '/admin/task/store',
    summary:
      'Create a task type (description unique, case ignored: existingTitle; text colour reading on the background at 4.5:1 at least: lowContrast)',
    access: manage,
    body: taskTypeStorePayloadSchema,
    response: taskTypeSchema,
  },
  updateTaskType: {
    method: 'POST',
    path: '/admin/task/:id/store',
    summary: 'Update a task type; a type in use is deactivated (isActive=0), never deleted',
    access: manage,
    params: idParamsSchema,
    body: taskTypeStorePayloadSchema,
    response: taskTypeSchema,
  },
  taskTypeHistory: {
    method: 'GET',
    path: '/admin/task/:id/history',
    summary: 'A task type’s history, newest first: who created or changed it, when, each field before and after',
    access: manage,
    params: idParamsSchema,
    query: historyQuerySchema,
    response: listPageSchema(historyEntrySchema),
  },
  reorderTaskTypes: {
    method: 'POST',
    path: '/admin/tasks/order',
    summary: 'Put task types in a new display order (ids, a JSON array, first shown first); answers every type',
    access: manage,
    body: displayOrderPayloadSchema,
    response: z.array(taskTypeSchema),
  },
  adminUsers: {
    method: 'GET',
    path: '/admin/users',
    summary: 'Every user, inactive ones included, with roles, leader, last login, owned contacts and team members',
    access: manage,
    response: z.array(adminUserSchema),
  },
  createUser: {
    method: 'POST',
    path: '/admin/user/store',
    summary: 'Create a user with a first password (existingTrigram, existingEmail, weakPassword)',
    access: manage,
    body: userCreatePayloadSchema,
    response: adminUserSchema,
  },
  updateUser: {
    method: 'POST',
    path: '/admin/user/:id/store',
    summary:
      'Update a user; deactivation ends their sessions at once (cantDeactivateUserWithContact, cantDeactivateUserWithTeam; notAllowed on oneself)',
    access: manage,
    params: idParamsSchema,
    body: userUpdatePayloadSchema,
    response: adminUserSchema,
  },
  userHistory: {
    method: 'GET',
    path: '/admin/user/:id/history',
    summary:
      'A user’s history, newest first: who changed their account (roles, team, activation, password), when, each field before and after',
    access: manage,
    params: idParamsSchema,
    query: historyQuerySchema,
    response: listPageSchema(historyEntrySchema),
  },
  moveTeam: {
    method: 'POST',
    path: '/admin/user/:id/team/store',
    summary: 'Give every team member of a leader to another leader (leaderId; empty: no leader)',
    access: manage,
    params: idParamsSchema,
    body: teamMovePayloadSchema,
    response: teamMoveResultSchema,
  },
  adminPhrases: {
    method: 'GET',
    path: '/admin/phrases',
    summary: 'Every predefined phrase, inactive ones included, by category and display order',
    access: manage,
    response: z.array(phraseSchema),
  },
  createPhrase: {
    method: 'POST',
    path: '/admin/phrase/store',
    summary: 'Create a predefined phrase (the same text twice in a category: existingValue)',
    access: manage,
    body: phraseStorePayloadSchema,
    response: phraseSchema,
  },
  phraseHistory: {
    method: 'GET',
    path: '/admin/phrase/:id/history',
    summary:
      'A predefined phrase’s history, newest first: who created or changed it, when, each field before and after',
    access: manage,
    params: idParamsSchema,
    query: historyQuerySchema,
    response: listPageSchema(historyEntrySchema),
  },
  updatePhrase: {
    method: 'POST',
    path: '/admin/phrase/:id/store',
    summary: 'Update a predefined phrase; isActive=0 withdraws it from the pickers',
    access: manage,
    params: idParamsSchema,
    body: phraseStorePayloadSchema,
    response: phraseSchema,
  },
});
