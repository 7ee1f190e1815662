import type { testPages } from '@bo/contracts';

export type ShowroomPath = (typeof testPages)[number];

// Every public test page with its French title and what it shows, in one line (the index reads this).
export const showroomPages: Record<ShowroomPath, { title: string; description: string }> = {
  test: {
    title: 'Pages de démonstration',
    description: 'Cet index : chaque page de démonstration du kit et ce qu’elle montre.',
  },
  form: {
    title: 'Formulaire : tous les champs',
    description:
      'Chaque type de champ du kit dans un formulaire react-hook-form + zod, erreurs sous les champs et valeurs envoyées sur le réseau.',
  },
  validation: {
    title: 'Règles de validation',
    description:
      'Chaque message et motif de validation (téléphone, SIRET, trigramme, couleur…) avec des exemples valides et invalides à cliquer.',
  },
  'array/basic': {
    title: 'Tableau : pagination serveur',
    description: 'Le tableau de données sur 10 000 contacts paginés, triés et filtrés comme par un serveur.',
  },
  'array/column-groups': {
    title: 'Tableau : groupes de colonnes',
    description: 'Des en-têtes regroupés (identité, société, suivi) au-dessus des colonnes.',
  },
  'array/column-filtering': {
    title: 'Tableau : filtres par colonne',
    description: 'Un filtre par colonne (texte ou liste) appliqué côté « serveur ».',
  },
  'array/column-ordering': {
    title: 'Tableau : ordre des colonnes',
    description: 'Colonnes triables et déplaçables (glisser ou boutons), ordre mémorisé dans le navigateur.',
  },
  'array/drag': {
    title: 'Tableau : lignes déplaçables',
    description: 'Des lignes réordonnées par glisser-déposer ou avec les boutons Monter / Descendre.',
  },
  'drag-and-drop': {
    title: 'Glisser-déposer entre listes',
    description: 'Des contacts déplacés entre « À appeler », « En cours » et « Terminé », à la souris ou au clavier.',
  },
  modals: {
    title: 'Fenêtres modales',
    description:
      'Confirmation, formulaire en fenêtre, panneau latéral de 1100 px, fenêtres imbriquées, fermeture par Échap.',
  },
  Wizard: {
    title: 'Assistant : nouvelle fiche de besoin',
    description: 'Un formulaire en plusieurs étapes validées une à une, avec retour arrière et récapitulatif.',
  },
  objects: {
    title: 'Fiches en lecture seule',
    description: 'La carte d’un contact et le détail d’une société avec ses filiales et ses contacts.',
  },
  calendar: {
    title: 'Calendrier',
    description:
      'Le calendrier des tâches sur des exemples : couleurs par type, tâches abouties en gris, tâche glissée sur un autre jour.',
  },
  agenda: {
    title: 'Agenda',
    description:
      'Les blocs de l’agenda un à un (styles des tâches, fenêtres de modification et d’ajout), puis l’agenda complet.',
  },
};
