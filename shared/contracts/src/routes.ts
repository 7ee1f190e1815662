import { permissions } from './permissions';
import { ALL_ROLES, hasAnyRole, type RoleFlags, type RoleName } from './roles';
export type { RoleFlags } from './roles';

// The route table (docs/requirements.md): which remote owns a path and which roles open it. The shell
// reads it before any remote is downloaded, so a remote whose routes a user may not open is never fetched.
// Zod-free, like roles.ts: the shell reads the table and the registry before the schemas have loaded.
export const remoteNames = ['agenda', 'contacts', 'needsSheets', 'reports', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

// remotes.json beside the shell: each remote's name and the address of its mf-manifest.json.
export type RemoteRegistry = Record<string, string>;

// Checks the JSON of remotes.json.
export function parseRemoteRegistry(json: unknown): RemoteRegistry {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('Registre des modules non valide : un objet est attendu');
  }
  const registry: RemoteRegistry = {};
  for (const [name, entry] of Object.entries(json)) {
    if (typeof entry !== 'string' || !URL.canParse(entry)) {
      throw new Error(`Registre des modules non valide : adresse de « ${name} » incorrecte`);
    }
    registry[name] = entry;
  }
  return registry;
}

export type MenuSection = 'agenda' | 'contacts' | 'needsSheets' | 'reports' | 'admin' | 'account';

export type AppRoute = {
  path: string;
  owner: RemoteName | 'shell';
  roles: readonly RoleName[];
  title: string;
  section: MenuSection;
  // Shown in the menu (sub-pages reached from a page are not).
  inMenu: boolean;
};

const leaders: readonly RoleName[] = ['admin', 'businessLeader'];
const adminOnly: readonly RoleName[] = ['admin'];

export const appRoutes: readonly AppRoute[] = [
  { path: '/agenda', owner: 'agenda', roles: ALL_ROLES, title: 'Agenda', section: 'agenda', inMenu: true },
  {
    path: '/contacts/taches',
    owner: 'agenda',
    roles: ALL_ROLES,
    title: 'Liste des tâches',
    section: 'agenda',
    inMenu: true,
  },
  {
    path: '/liste-contacts',
    owner: 'contacts',
    roles: ALL_ROLES,
    title: 'Contacts',
    section: 'contacts',
    inMenu: true,
  },
  {
    path: '/liste-societes',
    owner: 'contacts',
    roles: ALL_ROLES,
    title: 'Sociétés',
    section: 'contacts',
    inMenu: true,
  },
  {
    path: '/liste-contacts-veille',
    owner: 'contacts',
    roles: permissions.standby.read,
    title: 'Contacts en veille',
    section: 'contacts',
    inMenu: true,
  },
  {
    path: '/equipe',
    owner: 'contacts',
    roles: permissions.team.read,
    title: 'Mon équipe',
    section: 'contacts',
    inMenu: true,
  },
  {
    path: '/fiches-de-besoin',
    owner: 'needsSheets',
    roles: ALL_ROLES,
    title: 'Fiches de besoin',
    section: 'needsSheets',
    inMenu: true,
  },
  {
    path: '/fiches-de-besoin/recherche',
    owner: 'needsSheets',
    roles: ALL_ROLES,
    title: 'Recherche de fiches',
    section: 'needsSheets',
    inMenu: true,
  },
  {
    path: '/fiches-de-besoin/models',
    owner: 'needsSheets',
    roles: ALL_ROLES,
    title: 'Modèles de fiches',
    section: 'needsSheets',
    inMenu: true,
  },
  {
    path: '/fiches-de-besoin/status',
    owner: 'needsSheets',
    roles: adminOnly,
    title: 'Statuts des fiches',
    section: 'needsSheets',
    inMenu: true,
  },
  {
    path: '/rapports/historique-contact',
    owner: 'reports',
    roles: ALL_ROLES,
    title: 'Historique des contacts',
    section: 'reports',
    inMenu: true,
  },
  {
    path: '/rapports/annuaire',
    owner: 'reports',
    roles: ALL_ROLES,
    title: 'Annuaire',
    section: 'reports',
    inMenu: true,
  },
  {
    path: '/rapports/taches',
    owner: 'reports',
    roles: leaders,
    title: 'Rapport des tâches',
    section: 'reports',
    inMenu: true,
  },
  {
    path: '/rapports/stats',
    owner: 'reports',
    roles: leaders,
    title: 'Statistiques',
    section: 'reports',
    inMenu: true,
  },
  {
    path: '/gestion-taches',
    owner: 'admin',
    roles: adminOnly,
    title: 'Types de tâches',
    section: 'admin',
    inMenu: true,
  },
  {
    path: '/liste-utilisateurs',
    owner: 'admin',
    roles: adminOnly,
    title: 'Utilisateurs',
    section: 'admin',
    inMenu: true,
  },
  { path: '/phrases', owner: 'admin', roles: adminOnly, title: 'Phrases', section: 'admin', inMenu: true },
  // What runs where: each remote's live version, its reachability and its contract check (a shell page).
  { path: '/modules', owner: 'shell', roles: adminOnly, title: 'Modules', section: 'admin', inMenu: true },
  { path: '/mon-compte', owner: 'shell', roles: ALL_ROLES, title: 'Mon compte', section: 'account', inMenu: false },
];

export const sectionLabels: Record<MenuSection, string> = {
  agenda: 'Agenda',
  contacts: 'Contacts et sociétés',
  needsSheets: 'Fiches de besoin',
  reports: 'Rapports',
  admin: 'Administration',
  account: 'Mon compte',
};

export const DEFAULT_URL = '/agenda';

export const testPages = [
  'agenda',
  'array/basic',
  'array/column-groups',
  'array/column-filtering',
  'array/column-ordering',
  'array/drag',
  'calendar',
  'drag-and-drop',
  'form',
  'modals',
  'objects',
  'test',
  'validation',
  'Wizard',
] as const;

// The records a panel shows, and where each opens: its list with the panel open (usePanelParam), the address a
// notification, the daily digest and the search box link to.
export const recordTypes = ['company', 'contact', 'needsSheet', 'user'] as const;
export type RecordType = (typeof recordTypes)[number];
export const recordPaths: Record<RecordType, (id: number) => string> = {
  company: (id) => `/liste-societes?company=${id}`,
  contact: (id) => `/liste-contacts?contact=${id}`,
  needsSheet: (id) => `/fiches-de-besoin?sheet=${id}`,
  user: (id) => `/liste-utilisateurs?user=${id}`,
};

export function findRoute(path: string): AppRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return appRoutes.find((route) => route.path === clean);
}

export function routesOf(owner: AppRoute['owner']): AppRoute[] {
  return appRoutes.filter((route) => route.owner === owner);
}

export function canOpen(route: AppRoute, role: RoleFlags | null | undefined): boolean {
  return hasAnyRole(role, route.roles);
}

// A route every role opens: nothing to check before its remote downloads.
export function openToAll(route: AppRoute): boolean {
  return ALL_ROLES.every((role) => route.roles.includes(role));
}

// Remotes this user may open at least one route of: the only ones the shell ever downloads for them.
export function remotesFor(role: RoleFlags | null | undefined): RemoteName[] {
  return remoteNames.filter((name) => appRoutes.some((route) => route.owner === name && canOpen(route, role)));
}
