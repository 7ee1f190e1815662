import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type ContactTodoPayload, type StandbyLists } from '@bo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCachedTodos } from '../todo-cache';
import { standbyContactsQueryOptions } from './get-standby-contacts';

export type AddContactTodoInput = ContactTodoPayload & { contactId: number; taskId: number };

export function addContactTodo({ contactId, taskId, ...params }: AddContactTodoInput) {
  return callEndpoint(endpoints.addContactTodo, { path: { contactId, taskId }, params });
}

// The contact has a pending todo now, so it is active: it leaves all three standby lists (mine, my team's, everyone's).
export function withoutContact(lists: StandbyLists, contactId: number): StandbyLists {
  const keep = (contacts: StandbyLists['allContacts']) => contacts.filter((contact) => contact.id !== contactId);
  return {
    myContacts: keep(lists.myContacts),
    teamContacts: keep(lists.teamContacts),
    allContacts: keep(lists.allContacts),
  };
}

export function useAddContactTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContactTodo,
    onSuccess: (todo, { contactId }) => {
      updateCachedTodos(queryClient, [todo]);
      queryClient.setQueryData(
        standbyContactsQueryOptions().queryKey,
        (lists) => lists && withoutContact(lists, contactId),
      );
      notifySuccess('Tâche ajoutée, contact activé');
    },
  });
}
