import { formatPhone, formatRegistrationId, personTitleLabels, type PersonTitle } from '@bo/contracts';

type ValueFormat = (field: string, value: unknown) => string | undefined;

// A history's values as a reader knows them, for the fields records share: a user by trigram (owner, leader), a
// phone and a SIRET as they are written, a title in words. `own` formats a panel's own fields first.
export function recordHistoryValue(users: readonly { id: number; trigram: string }[], own?: ValueFormat): ValueFormat {
  return (field, value) => {
    const shown = own?.(field, value);
    if (shown !== undefined) return shown;
    if (field === 'ownerId' || field === 'leaderId') return users.find((user) => user.id === value)?.trigram;
    if (typeof value !== 'string') return undefined;
    if (field === 'phone') return formatPhone(value);
    if (field === 'registrationId') return formatRegistrationId(value);
    if (field === 'title' && value in personTitleLabels) return personTitleLabels[value as PersonTitle];
    return undefined;
  };
}
