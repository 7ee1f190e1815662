import { asciiSlug, foldAccents, withLuhnCheckDigit, type ListPage, type PersonTitle } from '@bo/contracts';
import type { CompanyDetail, ContactDetail } from '@bo/contracts/records';
import { type Option } from '@bo/ui/form';
import { listRequest, type ListRequest, type ListState } from '@bo/ui/list';
import { queryOptions } from '@tanstack/react-query';

// Demo data of the showroom: French names, companies with valid SIRETs, 0033 phone numbers. Generated from a
// fixed seed, so every visit (and every browser test) sees the same rows.

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames: [string, PersonTitle][] = [
  ['Camille', 'madam'],
  ['Léa', 'madam'],
  ['Chloé', 'miss'],
  ['Manon', 'madam'],
  ['Inès', 'madam'],
  ['Sarah', 'madam'],
  ['Julie', 'madam'],
  ['Claire', 'madam'],
  ['Élodie', 'miss'],
  ['Nathalie', 'madam'],
  ['Sophie', 'madam'],
  ['Hélène', 'madam'],
  ['Lucas', 'mister'],
  ['Hugo', 'mister'],
  ['Louis', 'mister'],
  ['Thomas', 'mister'],
  ['Nicolas', 'mister'],
  ['Julien', 'mister'],
  ['Antoine', 'mister'],
  ['Mathieu', 'mister'],
  ['Pierre', 'mister'],
  ['François', 'mister'],
  ['Olivier', 'mister'],
  ['Étienne', 'mister'],
];
const lastNames = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Chevalier',
  'Faure',
  'Rousseau',
];
export const cities = [
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Bordeaux',
  'Lille',
  'Rennes',
  'Strasbourg',
  'Montpellier',
];
export const sectors = [
  'Banque',
  'Assurance',
  'Industrie',
  'Énergie',
  'Santé',
  'Distribution',
  'Télécoms',
  'Services publics',
];
const companyNames = [
  'Ardoise Conseil',
  'Banque du Rhône',
  'Cofilor Assurances',
  'Dauphiné Énergies',
  'Escale Logistique',
  'Ferrand Industrie',
  'Groupe Hexalis',
  'Iroise Santé',
  'Jurafer',
  'Kérine Télécom',
  'Loire Distribution',
  'Mistral Services',
  'Norvalis',
  'Océane Mutuelle',
  'Provence Ingénierie',
  'Quai des Données',
  'Rivage Informatique',
  'Saône Transports',
  'Tellis Énergie',
  'Urbania Habitat',
  'Valmont Pharma',
  'Vosges Bois',
  'Alizé Aéro',
  'Bretagne Numérique',
];
const jobTitles = [
  'Directrice des ressources humaines',
  'Directeur des systèmes d’information',
  'Responsable des achats',
  'Chargée de recrutement',
  'Chef de projet',
  'Directeur technique',
  'Responsable paie',
  'Acheteuse IT',
  'Directrice financière',
  'Responsable RH',
];

// A 14-digit SIRET whose last digit makes the Luhn check pass.
export function makeSiret(random: () => number): string {
  return withLuhnCheckDigit(Array.from({ length: 13 }, () => Math.floor(random() * 10)).join(''));
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

export type DemoCompany = { id: number; name: string; registrationId: string; city: string; sector: string };

export const demoCompanies: DemoCompany[] = (() => {
  const random = seededRandom(42);
  return companyNames.map((name, index) => ({
    id: index + 1,
    name,
    registrationId: makeSiret(random),
    city: pick(random, cities),
    sector: pick(random, sectors),
  }));
})();

export const contactStatuses = ['actif', 'veille', 'archive'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabels: Record<ContactStatus, string> = {
  actif: 'Actif',
  veille: 'En veille',
  archive: 'Archivé',
};

export type DemoContactRow = {
  id: number;
  title: PersonTitle;
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  city: string;
  phone: string;
  email: string;
  status: ContactStatus;
  // yyyy-MM-dd
  lastContact: string;
  openTodos: number;
};

function phone(random: () => number): string {
  const first = pick(random, [1, 6, 7, 4, 5, 9]);
  const pairs = Array.from({ length: 4 }, () => String(Math.floor(random() * 100)).padStart(2, '0'));
  return `0033 ${first} ${pairs.join(' ')}`;
}

function generateContacts(count: number): DemoContactRow[] {
  const random = seededRandom(2026);
  const rows: DemoContactRow[] = [];
  for (let id = 1; id <= count; id += 1) {
    const [firstName, title] = pick(random, firstNames);
    const lastName = pick(random, lastNames);
    const company = pick(random, demoCompanies);
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 320) * 86_400_000);
    rows.push({
      id,
      title,
      firstName,
      lastName,
      jobTitle: pick(random, jobTitles),
      company: company.name,
      city: company.city,
      phone: phone(random),
      email: `${asciiSlug(firstName)}.${asciiSlug(lastName)}${id}@${asciiSlug(company.name)}.fr`,
      status: pick(random, contactStatuses),
      lastContact: day.toISOString().slice(0, 10),
      openTodos: Math.floor(random() * 6),
    });
  }
  return rows;
}

let contactsCache: DemoContactRow[] | null = null;

// 10 000 contacts, generated on first use.
export function demoContacts(): DemoContactRow[] {
  contactsCache ??= generateContacts(10_000);
  return contactsCache;
}

export const companyOptions: Option[] = demoCompanies.map((company) => ({ value: company.name, label: company.name }));
export const cityOptions: Option[] = cities.map((city) => ({ value: city, label: city }));
export const statusOptions: Option[] = contactStatuses.map((status) => ({
  value: status,
  label: contactStatusLabels[status],
}));

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

// Answers a list query (search, filters, sort, order, page, perPage) like a server would: filters (text contains, case and accent
// blind; lists equal), sorts, pages, after a short network-like delay, and gives up when the query is cancelled.
const filterable = new Set<string>(['lastName', 'firstName', 'company', 'city', 'email', 'status']);
const exact = new Set(['company', 'city', 'status']);
const sortable = new Set<string>(['lastName', 'firstName', 'company', 'city', 'status', 'lastContact', 'openTodos']);

export async function fetchContactsPage(request: ListRequest, signal?: AbortSignal): Promise<ListPage<DemoContactRow>> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, 120);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Requête annulée', 'AbortError'));
    });
  });
  let rows = demoContacts();
  for (const [key, raw] of Object.entries(request)) {
    if (!filterable.has(key)) continue;
    const value = String(raw);
    const needle = foldAccents(value);
    rows = rows.filter((row) => {
      const cell = String(row[key as keyof DemoContactRow] ?? '');
      return exact.has(key) ? cell === value : foldAccents(cell).includes(needle);
    });
  }
  const key =
    typeof request.sort === 'string' && sortable.has(request.sort) ? (request.sort as keyof DemoContactRow) : null;
  if (key) {
    const direction = request.order === 'desc' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const left = a[key];
      const right = b[key];
      const compared =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : collator.compare(String(left), String(right));
      return compared * direction || a.id - b.id;
    });
  }
  const perPage = Number(request.perPage);
  const start = (Number(request.page) - 1) * perPage;
  return { items: rows.slice(start, start + perPage), total: rows.length };
}

// The demo contacts as a server list: what a remote's queryOptions factory for a list looks like.
export const demoContactsQueryOptions = (state: ListState) => {
  const request = listRequest(state);
  return queryOptions({
    queryKey: ['showroom', 'contacts', 'list', request],
    queryFn: ({ signal }) => fetchContactsPage(request, signal),
  });
};

export async function searchCompanies(text: string): Promise<Option[]> {
  const needle = foldAccents(text);
  return companyOptions.filter((option) => foldAccents(String(option.label)).includes(needle));
}

export const skillOptions: Option[] = [
  'React',
  'TypeScript',
  'Java',
  'Spring Boot',
  'Python',
  'Django',
  'SQL',
  'PostgreSQL',
  'Kubernetes',
  'Docker',
  'AWS',
  'Azure',
  'SAP FI/CO',
  'Salesforce',
  'Gestion de projet',
  'Scrum',
  'Anglais courant',
  'Paie',
  'Comptabilité',
  'Cybersécurité',
].map((skill) => ({ value: skill, label: skill }));

export async function searchSkills(text: string): Promise<Option[]> {
  const needle = foldAccents(text);
  return skillOptions.filter((option) => foldAccents(String(option.label)).includes(needle));
}

// A company as the detail views receive it (contract-typed).
export const demoCompanyDetail: CompanyDetail = {
  id: 1,
  name: 'Groupe Hexalis',
  registrationId: '73282932000074',
  city: 'Lyon',
  isActive: true,
  address: '12 quai Saint-Antoine',
  postalCode: '69002',
  sector: 'Industrie',
  parent: null,
  owner: { id: 2, trigram: 'DIR', firstName: 'Sophie', lastName: 'Morel' },
  subsidiaries: [
    { id: 11, name: 'Hexalis Ingénierie', registrationId: '55210055400013', city: 'Grenoble', isActive: true },
    { id: 12, name: 'Hexalis Services', registrationId: '40483304800022', city: 'Villeurbanne', isActive: true },
    { id: 13, name: 'Hexalis Maroquinerie', registrationId: '32944387600043', city: 'Annecy', isActive: false },
  ],
  contacts: [
    {
      id: 101,
      title: 'madam',
      firstName: 'Claire',
      lastName: 'Dubois',
      jobTitle: 'Directrice des ressources humaines',
      company: { id: 1, name: 'Groupe Hexalis' },
      ownerId: 2,
      isActive: true,
      email: 'claire.dubois@hexalis.fr',
      phone: '0033472123456',
    },
    {
      id: 102,
      title: 'mister',
      firstName: 'Julien',
      lastName: 'Mercier',
      jobTitle: 'Directeur des systèmes d’information',
      company: { id: 1, name: 'Groupe Hexalis' },
      ownerId: 2,
      isActive: false,
      email: 'julien.mercier@hexalis.fr',
      phone: '0033612345678',
    },
  ],
};

export const demoContactDetail: ContactDetail = {
  id: 201,
  title: 'madam',
  firstName: 'Hélène',
  lastName: 'Rousseau',
  jobTitle: 'Responsable des achats',
  company: { id: 11, name: 'Hexalis Ingénierie' },
  ownerId: 3,
  isActive: true,
  email: 'helene.rousseau@hexalis-ingenierie.fr',
  phone: '0033476987654',
};
