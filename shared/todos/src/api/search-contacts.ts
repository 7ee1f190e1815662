import { callEndpoint, useCan } from '@bo/client';
import { contactName, endpoints, type ContactSummary } from '@bo/contracts';

export type ContactSearchOption = { value: number; label: string };

// A contact as the add dialog's search offers it: its company beside it, a standby contact marked as such.
export function contactSearchOption(
  contact: Pick<ContactSummary, 'id' | 'firstName' | 'lastName' | 'company' | 'isActive'>,
): ContactSearchOption {
  const name = contact.company ? `${contactName(contact)} (${contact.company.name})` : contactName(contact);
  return { value: contact.id, label: contact.isActive ? name : `${name} – en veille` };
}

// Every contact the caller may read whose name or company contains the text (accents and case ignored).
export async function searchContactOptions(text: string, signal: AbortSignal): Promise<ContactSearchOption[]> {
  const contacts = await callEndpoint(endpoints.searchContacts, { params: { q: text }, signal });
  return contacts.map(contactSearchOption);
}

// Every role that may add a todo and read contacts gets the agenda's "Ajouter une tâche" (REC included).
export function useCanAddTodos(): boolean {
  const create = useCan('todo', 'create');
  const read = useCan('contact', 'read');
  return create && read;
}
