import {
  can,
  endpoints,
  loginFormSchema,
  type LayoutSettings,
  type LoginForm,
  type Resource,
  type Action,
  type User,
} from '@bo/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callEndpoint } from './api';
import { getClientConfig } from './config';
import { encryptPassword } from './crypto';
import { queryClient } from './query-client';
import { session } from './session';

// Whether a session exists. Not the token itself: every answer brings a fresh one, and a component that read it
// would render again (with everything under it) after each call.
const isSignedIn = () => session.getToken() !== null;
export function useSignedIn(): boolean {
  return useSyncExternalStore(session.subscribe, isSignedIn, isSignedIn);
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'current'],
    queryFn: ({ signal }) => callEndpoint(endpoints.currentUser, { signal }),
    staleTime: 5 * 60_000,
  });

// The connected user: fetched on load when a token exists, absent otherwise.
export function useCurrentUser() {
  const signedIn = useSignedIn();
  return useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
}

// Whether the connected user may do an action, from the contracts' permission table: what the server would refuse
// is not offered. False while the user is unknown.
export function useCan(resource: Resource, action: Action): boolean {
  const { data: user } = useCurrentUser();
  return can(user?.role, resource, action);
}

export async function login(form: LoginForm): Promise<User> {
  const values = loginFormSchema.parse(form);
  const { key } = getClientConfig();
  const password = key ? await encryptPassword(key, values.password) : values.password;
  session.setPersist(values.save);
  const user = await callEndpoint(endpoints.login, {
    params: { trigram: values.trigram.toUpperCase(), password, save: values.save },
  });
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  return user;
}

// The connected user types their password again before an unsaved session ends: a new token, and the session's full
// time again. The page and what it holds stay as they are.
export async function renewSession(password: string): Promise<User> {
  const user = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  if (!user) throw new Error('No connected user to renew the session of.');
  await login({ trigram: user.trigram, password, save: false });
  session.renew();
  return queryClient.getQueryData(currentUserQueryOptions().queryKey) ?? user;
}

// A password on its way to the server: the login key's ciphertext when the configuration holds the key, as on the
// login (a new user's first password, a password change).
export async function wirePassword(password: string): Promise<string> {
  const { key } = getClientConfig();
  return key && password !== '' ? encryptPassword(key, password) : password;
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { silent: true } });
}

// Ends every session of the user, this one included, on every device.
export async function logoutEverywhere(): Promise<void> {
  try {
    await callEndpoint(endpoints.logoutAll);
  } finally {
    session.clear();
    queryClient.clear();
  }
}

export async function logout(): Promise<void> {
  try {
    await callEndpoint(endpoints.logout);
  } finally {
    session.clear();
    queryClient.clear();
  }
}

// `onSettled` belongs to the mutation, not to the caller's component: it runs even though the layout that asked for
// the logout is gone by then (the login card has replaced it).
export function useLogout({ onSettled }: { onSettled?: () => void } = {}) {
  return useMutation({ mutationFn: logout, onSettled });
}

// A choice shows at once (the layout changes under the pointer), and goes back if the server refuses it.
export function useSaveSettings() {
  const { queryKey } = currentUserQueryOptions();
  return useMutation({
    mutationFn: (settings: Partial<LayoutSettings>) => callEndpoint(endpoints.saveSettings, { params: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, { ...before, settings: { ...before.settings, ...settings } });
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (user) => queryClient.setQueryData(queryKey, user),
  });
}
