import type { RoleFlags } from '@bo/contracts/all';

// The connected user as the permission rules see them.
export type Actor = { id: number; role: RoleFlags; leaderId: number | null };

// Whose todos an actor sees on the calendar and may edit: their own; a businessLeader also those of the
// users they lead (leader_id = them); an admin everyone's.
export type OwnerScope = 'all' | 'selfAndTeam' | 'self';

export function todoScope(actor: Actor): OwnerScope {
  if (actor.role.admin) return 'all';
  if (actor.role.businessLeader) return 'selfAndTeam';
  return 'self';
}

export function canManageTodosOf(actor: Actor, owner: { id: number; leaderId: number | null }): boolean {
  switch (todoScope(actor)) {
    case 'all':
      return true;
    case 'selfAndTeam':
      return owner.id === actor.id || owner.leaderId === actor.id;
    case 'self':
      return owner.id === actor.id;
  }
}
