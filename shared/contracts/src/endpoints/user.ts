import { z } from 'zod';
import { loginPayloadSchema, settingsPayloadSchema, userSchema } from '../user';
import { passwordChangePayloadSchema, profilePayloadSchema, userSessionSchema } from '../account';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, idParamsSchema, noDataSchema } from './params';

export const userEndpoints = endpointGroup('user', {
  login: {
    method: 'POST',
    path: '/user/login',
    summary: 'Log in with a trigram and a password; the token comes back in the authorization header',
    access: 'public',
    body: loginPayloadSchema,
    response: userSchema,
    loginAttempt: true,
  },
  logout: {
    method: 'POST',
    path: '/user/logout',
    summary: 'Revoke the session of the token (every token of the session stops working, on every instance)',
    access: 'session',
    body: emptyPayloadSchema.optional(),
    response: noDataSchema,
  },
  currentUser: {
    method: 'GET',
    path: '/user',
    summary: 'The connected user, with role flags and layout settings',
    access: 'session',
    response: userSchema,
  },
  saveSettings: {
    method: 'PATCH',
    path: '/user/settings',
    summary: 'Save layout settings (JSON body, any subset); returns the user',
    access: 'session',
    body: settingsPayloadSchema,
    response: userSchema,
  },
  saveProfile: {
    method: 'POST',
    path: '/user/profile',
    summary: 'Change the connected user’s names, email (existingEmail) and phone; returns the user',
    access: 'session',
    body: profilePayloadSchema,
    response: userSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/user/password',
    summary:
      'Change the connected user’s password: the current one (autenticationFailed), then a new one under the policy (weakPassword)',
    access: 'session',
    body: passwordChangePayloadSchema,
    response: noDataSchema,
    loginAttempt: true,
  },
  sessions: {
    method: 'GET',
    path: '/user/sessions',
    summary:
      'The connected user’s open sessions, most recently seen first: device, created, last seen, which one is this one',
    access: 'session',
    response: z.array(userSessionSchema),
  },
  endSession: {
    method: 'DELETE',
    path: '/user/session/:id',
    summary:
      'End one of the connected user’s sessions: its tokens are refused at once, on every instance (modelNotFound if not theirs)',
    access: 'session',
    params: idParamsSchema,
    body: emptyPayloadSchema,
    response: noDataSchema,
  },
  logoutAll: {
    method: 'POST',
    path: '/user/logout-all',
    summary: 'Revoke every token of the connected user, this one included, on every instance',
    access: 'session',
    body: emptyPayloadSchema.optional(),
    response: noDataSchema,
  },
});
