import {
  needsPriorities,
  needsPriorityLabels,
  needsSheetScopeLabels,
  needsSheetScopes,
  type NeedsSheetScope,
} from '@bo/contracts/needs-sheets';
import type { ListFilter } from '@bo/ui/list';
import { useOwnerOptions } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { companyOptionQueryOptions, companySearchQueryOptions } from '../api/company-options';
import { needsSheetStatusesQueryOptions } from '../../../api/needs-sheet-statuses';

// The filters the sheets list and the search share: scope, status, open or closed, company (found by typing, as
// the record panels find one), priority, owner, recruiter.
export function useSheetFilters(defaultScope: NeedsSheetScope): ListFilter[] {
  const { options: users } = useOwnerOptions();
  const statuses = useQuery(needsSheetStatusesQueryOptions()).data ?? [];
  return [
    {
      key: 'scope',
      label: 'Fiches',
      type: 'radio',
      options: needsSheetScopes.map((scope) => ({ value: scope, label: needsSheetScopeLabels[scope] })),
      defaultValue: defaultScope,
    },
    {
      key: 'statusId',
      label: 'Statut',
      type: 'select',
      options: statuses.map((status) => ({ value: String(status.id), label: status.label })),
      placeholder: 'Tous',
    },
    {
      key: 'open',
      label: 'Ouvertes ou closes',
      type: 'select',
      options: [
        { value: '1', label: 'Ouvertes' },
        { value: '0', label: 'Closes' },
      ],
      placeholder: 'Toutes',
    },
    {
      key: 'companyId',
      label: 'Société',
      type: 'autocomplete',
      placeholder: 'Toutes',
      options: companySearchQueryOptions,
      selected: companyOptionQueryOptions,
    },
    {
      key: 'priority',
      label: 'Priorité',
      type: 'select',
      options: needsPriorities.map((priority) => ({ value: priority, label: needsPriorityLabels[priority] })),
      placeholder: 'Toutes',
    },
    { key: 'ownerId', label: 'Responsable', type: 'select', options: users, placeholder: 'Tous', searchable: true },
    { key: 'recruiterId', label: 'Recruteur', type: 'select', options: users, placeholder: 'Tous', searchable: true },
  ];
}
