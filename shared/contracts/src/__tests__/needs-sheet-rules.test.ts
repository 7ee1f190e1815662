import { needsSheetStatusStorePayloadSchema, mayChangeNeedsSheetStatus } from '../needs-sheet';
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
    expect(needsSheetStatusStorePayloadSchema.safeParse({ label: 'Pourvu', color: '#059669', closes: '1', fills: '1' }).success).toBe(true);
    const open = needsSheetStatusStorePayloadSchema.safeParse({ label: 'Pourvu', color: '#059669', closes: '0', fills: '1' });
    expect(open.success).toBe(false);
    expect(open.error?.issues.map((issue) => issue.path)).toEqual([['fills']]);
  });

  it('does not fill unless told', () => {
    expect(needsSheetStatusStorePayloadSchema.parse({ label: 'Perdu', color: '#6b7280', closes: '1' }).fills).toBe(false);
  });
});
