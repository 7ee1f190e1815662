import { needsSheetStorePayloadSchema, mayChangeNeedsSheetStatus } from '../needs-sheet';
import { needsSheetStatusStorePayloadSchema } from '../needs-sheet-statuses';
import type { RoleFlags } from '../roles';

const roles = (...names: (keyof RoleFlags)[]): RoleFlags => ({
  admin: names.includes('admin'),
  businessLeader: names.includes('businessLeader'),
  businessTeam: names.includes('businessTeam'),
  recruitmentTeam: names.includes('recruitmentTeam'),
});

describe('who changes the status of a needs sheet', () => {
  const sheet = { recruiterIds: [7, 9] };

  it('lets a recruiter change the sheets they are assigned to, and no other', () => {
    expect(mayChangeNeedsSheetStatus({ id: 7, role: roles('recruitmentTeam') }, sheet)).toBe(true);
    expect(mayChangeNeedsSheetStatus({ id: 8, role: roles('recruitmentTeam') }, sheet)).toBe(false);
    expect(mayChangeNeedsSheetStatus({ id: 8, role: roles('recruitmentTeam') }, { recruiterIds: [] })).toBe(false);
  });

  it('keeps the business side’s rights on every sheet, a recruiter with a business role included', () => {
    for (const role of ['admin', 'businessLeader', 'businessTeam'] as const) {
      expect(mayChangeNeedsSheetStatus({ id: 8, role: roles(role) }, sheet)).toBe(true);
      expect(mayChangeNeedsSheetStatus({ id: 8, role: roles(role, 'recruitmentTeam') }, sheet)).toBe(true);
    }
  });

  it('refuses a user without a role', () => {
    expect(mayChangeNeedsSheetStatus({ id: 7, role: roles() }, sheet)).toBe(false);
  });
});

describe('a status that fills a sheet', () => {
  it('must close it', () => {
    expect(
      needsSheetStatusStorePayloadSchema.safeParse({ label: 'Pourvu', color: '#059669', closes: '1', fills: '1' })
        .success,
    ).toBe(true);
    const open = needsSheetStatusStorePayloadSchema.safeParse({
      label: 'Pourvu',
      color: '#059669',
      closes: '0',
      fills: '1',
    });
    expect(open.success).toBe(false);
    expect(open.error?.issues.map((issue) => issue.path)).toEqual([['fills']]);
  });

  it('does not fill unless told', () => {
    expect(needsSheetStatusStorePayloadSchema.parse({ label: 'Perdu', color: '#6b7280', closes: '1' }).fills).toBe(
      false,
    );
  });
});

describe('the messages of a needs sheet that breaks a rule', () => {
  const valid = {
    companyId: '3',
    contactId: '8',
    title: 'Développeur',
    seniority: 'senior',
    contractType: 'regie',
    ownerId: '2',
  };
  const messagesOf = (changes: Record<string, unknown>) => {
    const result = needsSheetStorePayloadSchema.safeParse({ ...valid, ...changes });
    return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('is valid as given', () => {
    expect(messagesOf({})).toEqual({});
  });

  it('names the rule under the field at fault, not only "Entrée non valide"', () => {
    expect(messagesOf({ rateMin: '900', rateMax: '600' })).toEqual({
      rateMax: 'Le maximum ne peut pas être inférieur au minimum',
    });
    expect(messagesOf({ positions: '2', positionsFilled: '3' })).toEqual({
      positionsFilled: 'Les postes pourvus ne peuvent pas dépasser les postes demandés',
    });
    expect(messagesOf({ remoteDays: '7' })).toEqual({ remoteDays: 'Entre 0 et 5 jours de télétravail par semaine' });
    expect(messagesOf({ receivedDate: '2026-11-20', deadline: '2026-11-19' })).toEqual({
      deadline: 'L’échéance ne peut pas précéder la date de réception',
    });
    expect(messagesOf({ positions: '0', rateMin: '-5', durationMonths: '200' })).toEqual({
      positions: 'Entre 1 et 999 postes',
      rateMin: 'Un montant entre 0 et 10\u202f000\u202f000 €',
      durationMonths: 'Entre 1 et 120 mois',
    });
  });
});
