import type { ListPage } from '@bo/contracts';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Option } from '../form/inputs';
import type { ListSort, ListState } from './list-state';

// What a page gives the kit's lists (`ListView`, `DataTable`): its columns, its filters, its query.

export type ListColumn<Row> = {
  key: string;
  title: string;
  // What the header means, shown when the pointer rests on it (the title is then an abbreviation).
  definition?: string;
  // A group header: its children are the columns under it.
  children?: ListColumn<Row>[];
  render?: (row: Row) => ReactNode;
  // The cell as text: the CSV export, and the cell when there is no `render`. Default: the row's field `key`.
  value?: (row: Row) => string | number | null | undefined;
  sortable?: boolean;
  width?: number;
  align?: 'left' | 'right' | 'center';
  ellipsis?: boolean;
  // The column naming the row: while it is the first one, it stays in sight when a table wider than its page
  // scrolls sideways (behind the tick boxes, if any).
  sticky?: boolean;
};

export type ListFilter =
  | {
      key: string;
      label: string;
      type: 'select';
      options: readonly Option[];
      placeholder?: string;
      searchable?: boolean;
    }
  // Buttons, one always chosen: `defaultValue` when the address names none.
  | { key: string; label: string; type: 'radio'; options: readonly Option[]; defaultValue: string }
  | { key: string; label: string; type: 'text'; placeholder?: string }
  // A record found by typing (a company among thousands): the address holds its id.
  | {
      key: string;
      label: string;
      type: 'autocomplete';
      placeholder?: string;
      // The options for what the user typed, asked once the typing pauses (AUTOCOMPLETE's length and delay).
      options: (text: string) => ListQueryOptions<Option[]>;
      // The option of the value the address holds (a link, a reload, back), for its label.
      selected: (value: string) => ListQueryOptions<Option>;
    };

export type ListQueryOptions<TData, TKey extends QueryKey = QueryKey> = UseQueryOptions<TData, Error, TData, TKey>;

type ListSource<Row, TData> = [TData] extends [ListPage<Row>]
  ? { toPage?: (data: TData, state: ListState) => ListPage<Row> }
  : { toPage: (data: TData, state: ListState) => ListPage<Row> };

export type ListViewProps<Row, TData, TKey extends QueryKey = QueryKey> = ListSource<Row, TData> & {
  // Accessible name of the table (and of its toolbars).
  label: string;
  // The list keeps its columns while their keys and headers stay the same, so a page may build them in its render
  // (see `useStableColumns`); a cell is drawn with the latest definition given.
  columns: ListColumn<Row>[];
  queryOptions: (state: ListState) => ListQueryOptions<TData, TKey>;
  rowKey: (row: Row) => string | number;
  filters?: readonly ListFilter[];
  // The search box; absent, the list has none.
  search?: { label: string; placeholder?: string };
  defaultSort?: ListSort;
  // One of PER_PAGE_OPTIONS (contracts); default DEFAULT_PER_PAGE.
  defaultPerPage?: number;
  // "12 tâches"; default "12 lignes".
  countLabel?: (total: number) => string;
  emptyText?: string;
  loadingText?: string;
  // Shows the CSV export button; the file is named after it.
  exportFileName?: string;
  // The server writes the file (every page, with the list's search, filters and sort): a list too long to
  // gather in the browser. Without it, the browser gathers the pages and writes the file itself.
  serverExport?: (state: ListState) => Promise<{ blob: Blob; fileName: string | null }>;
  // A row opens with a click or with Enter (it is then focusable and named by `rowLabel`).
  onRowOpen?: (row: Row) => void;
  rowLabel?: (row: Row) => string;
  rowClassName?: (row: Row) => string;
  // localStorage key: when given, the top-level columns can be reordered and the order is remembered.
  columnOrderKey?: string;
  toolbarExtra?: ReactNode;
  // Rows can be ticked, across pages; the caller keeps which (to reassign, to merge...). Named by `rowLabel`.
  selection?: { keys: readonly (string | number)[]; onChange: (keys: (string | number)[], rows: Row[]) => void };
};

export const plural = (count: number, word: string) =>
  `${count.toLocaleString('fr-FR')} ${word}${count > 1 ? 's' : ''}`;
