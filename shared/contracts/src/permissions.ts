import { ALL_ROLES, hasAnyRole, type RoleFlags, type RoleName } from './roles';

// Who may do what (docs/permissions.md): role x resource x action, in one table. The server checks it before
// any handler runs (each endpoint entry names the permission it needs); the browser reads it to show or hide
// actions. Rules about one record (whose todo, whose contact) come on top, in the server's domain.
// Zod-free, like roles.ts: the shell reads it before the schemas have loaded.
export const actions = [
  'read',
  'create',
  'update',
  'deactivate',
  'reassign',
  'merge',
  'export',
  'import',
  'manage',
] as const;
export type Action = (typeof actions)[number];

const businessSide: readonly RoleName[] = ['admin', 'businessLeader', 'businessTeam'];
const leaders: readonly RoleName[] = ['admin', 'businessLeader'];

export const permissions = {
  // Task types: offered to every user for their todos.
  task: { read: ALL_ROLES },
  // Todos: everyone keeps their own; which ones a user may touch is decided per todo (owner, team, admin).
  todo: { read: ALL_ROLES, create: ALL_ROLES, update: ALL_ROLES },
  // Companies: read by everyone (recruiters work for them); kept up to date by the business side; closing one
  // (deactivation) is a leader's decision. Exports take the whole base out of the building: business side only.
  // Importing a file creates and updates companies: the same business side that creates and edits them. Who owns
  // which company is a leader's call, as for contacts, whatever the call that would change it.
  company: {
    read: ALL_ROLES,
    create: businessSide,
    update: businessSide,
    deactivate: leaders,
    reassign: leaders,
    export: businessSide,
    import: businessSide,
  },
  // Contacts: read by every user; the business side creates and edits them, deactivates them, and exports them;
  // who owns which contact (reassign, whatever the call: the list's action, the form, a merge, an import) and merging
  // duplicates are a leader's call.
  contact: {
    read: ALL_ROLES,
    create: businessSide,
    update: businessSide,
    deactivate: businessSide,
    reassign: leaders,
    merge: leaders,
    export: businessSide,
    // A file of contacts (CSV import), created and updated as by hand.
    import: businessSide,
  },
  // The other users, as owners to pick or filter on.
  user: { read: ALL_ROLES },
  // A leader's team and its figures (/equipe: businessLeader alone; the admin role does not open it).
  team: { read: ['businessLeader'] },
  // Predefined phrases: offered to everyone in the notes fields.
  phrase: { read: ALL_ROLES },
  // The admin pages (task types, users and teams, phrases): every call under /admin.
  administration: { manage: ['admin'] },
  // Needs sheets: every role reads them (recruiters work them); the business side writes them and exports them.
  needsSheet: { read: ALL_ROLES, create: businessSide, update: businessSide, export: businessSide },
  // A sheet's progress: its status changes with a comment, by whoever works it, recruiters included.
  needsSheetProgress: { update: ALL_ROLES },
  // The named models that pre-fill a sheet: offered to everyone, kept by the leaders.
  needsSheetModel: { read: ALL_ROLES, create: leaders, update: leaders },
  // The standby lists (contacts en veille) back /liste-contacts-veille and the agenda's "add a task" choice.
  standby: { read: businessSide },
  // The contact and group history and the directory (/rapports/historique-contact, /rapports/annuaire): read by
  // everyone; their exports carry the contacts' details out of the building, as the contacts export does.
  report: { read: ALL_ROLES, export: businessSide },
  // The task report and the statistics (/rapports/taches, /rapports/stats): a leader's view of the work done.
  teamReport: { read: leaders, export: leaders },
} as const satisfies Record<string, Partial<Record<Action, readonly RoleName[]>>>;

export type Resource = keyof typeof permissions;

// A permission an endpoint needs: an action on a resource, both taken from the table.
export type Permission = {
  [R in Resource]: { resource: R; action: keyof (typeof permissions)[R] & Action };
}[Resource];

export function permission<R extends Resource>(
  resource: R,
  action: keyof (typeof permissions)[R] & Action,
): Permission {
  return { resource, action } as Permission;
}

// The roles the table gives for an action on a resource (none when the table does not list it).
export function rolesFor({ resource, action }: Permission): readonly RoleName[] {
  const entry: Partial<Record<Action, readonly RoleName[]>> = permissions[resource];
  return entry[action] ?? [];
}

// May a user with these role flags do this? A user without flags may do nothing the table guards.
export function can(role: RoleFlags | null | undefined, resource: Resource, action: Action): boolean {
  const entry: Partial<Record<Action, readonly RoleName[]>> = permissions[resource];
  return hasAnyRole(role, entry[action] ?? []);
}
