import { recordHistoryValue } from './history-values';

describe('recordHistoryValue', () => {
  const users = [{ id: 7, trigram: 'COM' }];

  it('shows the fields records share as a reader knows them', () => {
    const show = recordHistoryValue(users);
    expect(show('ownerId', 7)).toBe('COM');
    expect(show('leaderId', 7)).toBe('COM');
    expect(show('phone', '0033612345678')).toBe('0033 6 12 34 56 78');
    expect(show('registrationId', '12345678900012')).toBe('123 456 789 00012');
    expect(show('title', 'madam')).toBe('Madame');
    expect(show('title', 'Développeur')).toBeUndefined();
    expect(show('city', 'Lyon')).toBeUndefined();
  });

  it('lets a panel format its own fields first', () => {
    const show = recordHistoryValue(users, (field) => (field === 'password' ? 'nouveau' : undefined));
    expect(show('password', 'changed')).toBe('nouveau');
    expect(show('ownerId', 7)).toBe('COM');
  });
});
