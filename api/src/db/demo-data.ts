// Realistic French names for the demo and benchmark data (invented companies, common names).
export const maleFirstNames = [
  'Jean', 'Pierre', 'Michel', 'André', 'Philippe', 'Nicolas', 'Julien', 'Thomas', 'Antoine', 'Mathieu',
  'Olivier', 'Sébastien', 'Guillaume', 'François', 'Laurent', 'Christophe', 'Stéphane', 'Éric', 'Frédéric', 'Alexandre',
  'Hugo', 'Lucas', 'Maxime', 'Romain', 'Vincent', 'Benoît', 'Jérôme', 'Arnaud', 'Cédric', 'Yann',
];
export const femaleFirstNames = [
  'Marie', 'Nathalie', 'Isabelle', 'Sylvie', 'Catherine', 'Sophie', 'Céline', 'Julie', 'Camille', 'Émilie',
  'Aurélie', 'Claire', 'Élodie', 'Sandrine', 'Valérie', 'Christine', 'Anne', 'Laure', 'Manon', 'Chloé',
  'Léa', 'Pauline', 'Caroline', 'Virginie', 'Hélène', 'Agnès', 'Margaux', 'Inès', 'Mélanie', 'Delphine',
];
export const lastNames = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent',
  'Simon', 'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard',
  'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André',
  'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia',
  'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson',
  'Marchand', 'Duval', 'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer', 'Dufour', 'Meunier',
  'Brun', 'Blanchard', 'Giraud', 'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud',
  'Étienne', 'Écuyer', 'Olivier', 'Picard', 'Renaud', 'Collet', 'Caron', 'Aubert', 'Lemoine', 'Besnard',
];
export const jobTitles = [
  'Directeur général', 'Directrice des ressources humaines', 'Responsable des achats', 'Chargée de recrutement',
  'Directeur technique', 'Responsable informatique', 'Chef de projet', 'Directrice administrative et financière',
  'Responsable commercial', 'Office manager', 'Responsable de production', 'Directeur des opérations',
  'Responsable qualité', 'Talent acquisition manager', 'Assistante de direction', 'Gérant',
];
export const sectors = [
  'Industrie', 'Banque et assurance', 'Informatique et numérique', 'Santé', 'Transport et logistique',
  'Commerce de détail', 'BTP', 'Énergie', 'Agroalimentaire', 'Conseil', 'Luxe', 'Aéronautique',
];
export const cities: readonly [string, string][] = [
  ['Paris', '75008'], ['Lyon', '69002'], ['Marseille', '13001'], ['Toulouse', '31000'], ['Nantes', '44000'],
  ['Bordeaux', '33000'], ['Lille', '59000'], ['Strasbourg', '67000'], ['Rennes', '35000'], ['Grenoble', '38000'],
  ['Montpellier', '34000'], ['Nice', '06000'], ['Rouen', '76000'], ['Dijon', '21000'], ['Clermont-Ferrand', '63000'],
];
export const streets = [
  'rue de la République', 'avenue Jean Jaurès', 'boulevard Victor Hugo', 'rue Nationale', 'place de la Gare',
  'rue du Général de Gaulle', 'avenue des Champs', 'quai de la Loire', 'rue Pasteur', 'allée des Tilleuls',
];
// [name, subsidiaries]
export const companyGroups: readonly [string, string[]][] = [
  ['Groupe Delorme Industrie', ['Delorme Mécanique', 'Delorme Services']],
  ['Banque Régionale du Centre', ['BRC Assurances']],
  ['Transports Lefèvre', ['Lefèvre Logistique Sud']],
  ['Numéria Solutions', ['Numéria Cloud', 'Numéria Formation']],
  ['Laboratoires Vernier', []],
  ['Maison Castel', ['Castel Boutiques']],
  ['Bâtiments Rousseau et Fils', []],
  ['Énergies de l’Ouest', ['EDO Solaire']],
  ['Fromageries du Jura', []],
  ['Cabinet Mercier Conseil', []],
  ['Aéro Composites Aquitaine', []],
  ['Hôpital privé Saint-Joseph', []],
  ['Librairies Gallien', []],
  ['Optique Martel', []],
  ['Brasseries du Nord', []],
  ['Imprimerie Vallon', []],
  ['Menuiseries Charpentier', []],
  ['Assurances Le Phare', []],
  ['Pharmacies Beaulieu', []],
  ['Verreries de Provence', []],
  ['Textiles Lambert', []],
  ['Agence Horizon Digital', []],
  ['Coopérative Agricole de Beauce', []],
  ['Hôtels Belle Rive', []],
  ['Cliniques Vétérinaires Dumas', []],
  ['Chocolaterie Fontaine', []],
  ['Électricité Garnier', []],
  ['Clinique du Parc', []],
  ['Garages Morin Automobiles', []],
  ['Data Loire Analytics', []],
];
export const demoTasks = [
  { description: 'Appel de suivi', background_color: '#2563eb', border_color: '#1e40af', color: '#ffffff' },
  { description: 'Relance email', background_color: '#f59e0b', border_color: '#b45309', color: '#000000' },
  { description: 'Rendez-vous client', background_color: '#047857', border_color: '#065f46', color: '#ffffff' },
  { description: 'Envoi de proposition', background_color: '#7c3aed', border_color: '#5b21b6', color: '#ffffff' },
  { description: 'Entretien candidat', background_color: '#db2777', border_color: '#9d174d', color: '#ffffff' },
  { description: 'Présentation de candidat', background_color: '#0f766e', border_color: '#115e59', color: '#ffffff' },
  { description: 'Point mensuel', background_color: '#c2410c', border_color: '#9a3412', color: '#ffffff' },
  { description: 'Relance facture', background_color: '#dc2626', border_color: '#991b1b', color: '#ffffff' },
] as const;
// Predefined phrases offered in the notes fields (/phrases), by category and order.
export const demoPhrases = [
  { category: 'Relance', text: 'Relancer dans une semaine.', display_order: 1 },
  { category: 'Relance', text: 'En attente du retour du client.', display_order: 2 },
  { category: 'Rendez-vous', text: 'Rendez-vous confirmé par email.', display_order: 1 },
  { category: 'Rendez-vous', text: 'Rendez-vous à reprogrammer.', display_order: 2 },
  { category: 'Recrutement', text: 'Profils envoyés au client.', display_order: 1 },
  { category: 'Recrutement', text: 'Entretien à planifier avec le candidat.', display_order: 2 },
] as const;
export const demoNotes = [
  'Faire le point sur le besoin en recrutement.',
  'Relancer suite à la proposition envoyée.',
  'Préparer la présentation des profils.',
  'Confirmer la date du prochain rendez-vous.',
  'Envoyer la plaquette du cabinet.',
  'Valider le budget avec la direction.',
  'Demander un retour sur les candidats présentés.',
  '',
];

// Needs sheets: the statuses a firm works with (the last three close the sheet), a few models, and the needs.
export const demoNeedsSheetStatuses = [
  { label: 'Nouveau', color: '#2563eb', closes: false, fills: false },
  { label: 'En cours', color: '#d97706', closes: false, fills: false },
  { label: 'Candidats présentés', color: '#7c3aed', closes: false, fills: false },
  { label: 'Pourvu', color: '#059669', closes: true, fills: true },
  { label: 'Perdu', color: '#6b7280', closes: true, fills: false },
  { label: 'Annulé', color: '#dc2626', closes: true, fills: false },
] as const;
export const demoNeedsSheetModels = [
  {
    title: 'Développeur Java confirmé',
    description: 'Développement d’applications Java / Spring Boot au sein d’une équipe agile, revue de code et tests automatisés.',
    skills: ['Java', 'Spring Boot', 'SQL', 'Git'],
    seniority: 'confirmed',
    contract_type: 'regie',
    delay_days: 10,
  },
  {
    title: 'Chef de projet infrastructure',
    description: 'Pilotage de projets de migration vers le cloud, coordination des équipes réseau et systèmes.',
    skills: ['Gestion de projet', 'Azure', 'ITIL'],
    seniority: 'senior',
    contract_type: 'fixedPrice',
    delay_days: 15,
  },
  {
    title: 'Comptable unique',
    description: 'Tenue de la comptabilité générale, déclarations fiscales et préparation du bilan.',
    skills: ['Comptabilité générale', 'Sage', 'Fiscalité'],
    seniority: 'confirmed',
    contract_type: 'permanent',
    delay_days: 20,
  },
  {
    title: 'Technicien de maintenance industrielle',
    description: 'Maintenance préventive et curative des lignes de production, diagnostic électrique et mécanique.',
    skills: ['Électrotechnique', 'Automatisme', 'GMAO'],
    seniority: 'junior',
    contract_type: 'fixedTerm',
    delay_days: 7,
  },
] as const;
export const demoNeedsSheetTitles: readonly [string, string, readonly string[]][] = [
  ['Développeur Java', 'Renfort sur la refonte du portail client : API REST, microservices et intégration continue.', ['Java', 'Spring Boot', 'Kafka']],
  ['Développeuse React', 'Interface de gestion des commandes, accessibilité et tests de bout en bout.', ['React', 'TypeScript', 'Playwright']],
  ['Data engineer', 'Mise en place d’un entrepôt de données et des flux d’alimentation quotidiens.', ['Python', 'Airflow', 'PostgreSQL']],
  ['Chef de projet SI', 'Pilotage du déploiement d’un ERP sur trois sites de production.', ['Gestion de projet', 'SAP', 'Conduite du changement']],
  ['Administrateur systèmes Linux', 'Exploitation d’un parc de serveurs, automatisation et supervision.', ['Linux', 'Ansible', 'Prometheus']],
  ['Comptable fournisseurs', 'Saisie et rapprochement des factures, relances et clôtures mensuelles.', ['Comptabilité', 'Sage', 'Excel']],
  ['Technicien de maintenance', 'Maintenance des équipements de conditionnement, astreintes une semaine sur quatre.', ['Électrotechnique', 'Hydraulique']],
  ['Responsable paie', 'Paie de 400 salariés, veille sociale et déclarations sociales nominatives.', ['Paie', 'DSN', 'Droit social']],
  ['Ingénieur cybersécurité', 'Audit des accès, durcissement des postes et réponse aux incidents.', ['Sécurité', 'ISO 27001', 'SIEM']],
  ['Acheteur industriel', 'Négociation avec les fournisseurs de pièces mécaniques et suivi des délais.', ['Achats', 'Négociation', 'Anglais']],
];
