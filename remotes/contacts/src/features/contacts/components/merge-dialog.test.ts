import type { ContactListItem } from '@bo/contracts/records';
import { mergedValues } from './merge-dialog';

const contact = (id: number, overrides: Partial<ContactListItem>): ContactListItem => ({
  id,
  title: 'mister',
  firstName: 'Paul',
  lastName: 'Martin',
  jobTitle: null,
  company: { id: 3, name: 'Alpha' },
  ownerId: 1,
  isActive: true,
  version: 1,
  email: null,
  phone: null,
  owner: { id: 1, trigram: 'COM' },
  nextTodo: null,
  lastTodo: null,
  ...overrides,
});

describe('mergedValues', () => {
  it('takes each field from the side chosen for it, the company and owner by id', () => {
    const pair = [
      contact(1, { email: 'paul@alpha.fr', jobTitle: 'DSI' }),
      contact(2, {
        phone: '0033612345678',
        company: { id: 4, name: 'Beta' },
        owner: { id: 2, trigram: 'DIR' },
        ownerId: 2,
      }),
    ] as const;
    const values = mergedValues(pair, {
      title: 0,
      firstName: 0,
      lastName: 0,
      jobTitle: 0,
      email: 0,
      phone: 1,
      company: 1,
      owner: 1,
    });
    expect(values).toEqual({
      title: 'mister',
      firstName: 'Paul',
      lastName: 'Martin',
      jobTitle: 'DSI',
      email: 'paul@alpha.fr',
      phone: '0033612345678',
      companyId: 4,
      ownerId: 2,
    });
  });
});
