// The French name of each field of a company, a contact and a contact's todo: one text for the record's form, its
// list's columns, its history's lines (on its panel and in the history report), its CSV export and its import.
// A company is feminine and a contact masculine: « la société est active », « le contact est actif ».

export const companyFieldLabels = {
  name: 'Raison sociale',
  registrationId: 'SIRET',
  parentId: 'Société mère',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  phone: 'Téléphone',
  website: 'Site web',
  sector: 'Secteur',
  ownerId: 'Propriétaire',
  isActive: 'Active',
} as const;

export const contactFieldLabels = {
  title: 'Civilité',
  firstName: 'Prénom',
  lastName: 'Nom',
  jobTitle: 'Fonction',
  email: 'Email',
  phone: 'Téléphone',
  companyId: 'Société',
  ownerId: 'Propriétaire',
  isActive: 'Actif',
} as const;

// The e-mail as the files name it: the CSV exports' header, and the import's label for the column it reads.
export const EMAIL_FILE_LABEL = 'E-mail';

// A contact's todos and merges, told in its history.
export const todoFieldLabels = {
  deadline: 'Échéance',
  notes: 'Notes',
  comment: 'Commentaire',
  isAccomplished: 'Aboutie',
  executionDate: 'Réalisée le',
  replacementId: 'Tâche de suivi',
  replaces: 'Suite de la tâche',
  contactId: 'Contact',
  taskId: 'Type de tâche',
  mergedFrom: 'Fusionné depuis',
} as const;

// The lines of a contact's history: its own fields, then its todos'.
export const contactHistoryLabels: Readonly<Record<string, string>> = { ...contactFieldLabels, ...todoFieldLabels };

// The labels of a history entry's lines, by the record it is about (a company's group history holds its contacts'
// entries and their todos').
export const recordHistoryLabels = (entity: string): Readonly<Record<string, string>> =>
  entity === 'company' ? companyFieldLabels : contactHistoryLabels;
