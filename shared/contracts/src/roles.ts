// Zod-free (the shell reads the route table before the schemas load); the flags' schema is in user.ts.
export const roleNames = ['admin', 'businessLeader', 'businessTeam', 'recruitmentTeam'] as const;
export type RoleName = (typeof roleNames)[number];

export const roleLabels: Record<RoleName, string> = {
  admin: 'Administrateur',
  businessLeader: 'Responsable commercial',
  businessTeam: 'Équipe commerciale',
  recruitmentTeam: 'Équipe recrutement',
};

// A user's roles, one flag each: a user may have several.
export type RoleFlags = Record<RoleName, boolean>;

export const ALL_ROLES: readonly RoleName[] = roleNames;

// A route (or a command) is open if any role it lists is set on the user.
export function hasAnyRole(role: RoleFlags | undefined | null, allowed: readonly RoleName[]): boolean {
  if (!role) return false;
  return allowed.some((name) => role[name]);
}
