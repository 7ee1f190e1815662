import { listRequest, type ListState } from '@bo/ui/list';

// Every query of the sheets sits under 'needsSheets': a save refreshes the lists, the search, the panels and the
// histories.
export const needsSheetKeys = {
  all: ['needsSheets'] as const,
  list: (state: ListState) => ['needsSheets', 'list', listRequest(state)] as const,
  one: (id: number) => ['needsSheets', 'one', id] as const,
  history: (id: number) => ['needsSheets', 'history', id] as const,
};
