import { MAX_PER_PAGE, type ListPage } from '@bo/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadCsv, saveFile, toCsv, type CsvColumn } from './csv';
import { leaves, valueOf } from './list-columns';
import type { ListState } from './list-state';
import { plural, type ListColumn, type ListQueryOptions } from './list-types';

// The list's CSV export: what the list shows, every page of it, with its search, filters, sort and column order.

const EXPORT_REUSE_MS = 30_000;

type ListExportOptions<Row, TData, TKey extends QueryKey> = {
  fileName: string | undefined;
  serverExport?: (state: ListState) => Promise<{ blob: Blob; fileName: string | null }>;
  queryOptions: (state: ListState) => ListQueryOptions<TData, TKey>;
  toPage: (data: TData, state: ListState) => ListPage<Row>;
  state: ListState;
  columns: readonly ListColumn<Row>[];
  announce: (text: string) => void;
};

export function useListExport<Row, TData, TKey extends QueryKey>({
  fileName,
  serverExport,
  queryOptions,
  toPage,
  state,
  columns,
  announce,
}: ListExportOptions<Row, TData, TKey>) {
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  // The server writes the file; or the remote's own query, page after page at the largest size.
  async function start() {
    if (!fileName) return;
    setExporting(true);
    setFailed(false);
    try {
      if (serverExport) {
        const file = await serverExport(state);
        saveFile(file.fileName ?? `${fileName}.csv`, file.blob);
        announce('Export terminé.');
        return;
      }
      const rows: Row[] = [];
      for (let number = 1; ; number += 1) {
        const pageState = { ...state, page: number, perPage: MAX_PER_PAGE };
        // Data younger than that is reused: a list computed in the browser is not loaded again for each page.
        const data = await queryClient.fetchQuery({ ...queryOptions(pageState), staleTime: EXPORT_REUSE_MS });
        const { items, total: all } = toPage(data, pageState);
        rows.push(...items);
        if (items.length === 0 || rows.length >= all) break;
      }
      const csvColumns: CsvColumn<Row>[] = leaves(columns).map((column) => ({
        title: column.title,
        value: (row) => valueOf(column, row),
      }));
      downloadCsv(fileName, toCsv(csvColumns, rows));
      announce(`${plural(rows.length, 'ligne')} exportée${rows.length > 1 ? 's' : ''}.`);
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }
  return { exporting, failed, start };
}
