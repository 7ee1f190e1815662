import { loginPayloadSchema, settingsPayloadSchema, userSchema } from '../user';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, noDataSchema } from './params';

export const userEndpoints = endpointGroup('user', {
  login: {
    method: 'POST',
    path: '/user/login',
    summary: 'Log in with a trigram and a password; the token comes back in the authorization header',
    access: 'public',
    body: loginPayloadSchema,
    response: userSchema,
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
});
