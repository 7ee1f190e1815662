import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type ImportKind, type ImportMapping, type OnExisting } from '@bo/contracts/records';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { plural } from '../components/import-texts';

// The server calls of the CSV import of companies or contacts. Every check is the server's: the dry run
// (`useCheckImport`) reads the file and reports what the import would do; nothing is written before the import.

const calls = {
  companies: { check: endpoints.checkCompanyImport, run: endpoints.importCompanies },
  contacts: { check: endpoints.checkContactImport, run: endpoints.importContacts },
} as const;

// The caller's last import of a kind still in force (the one an undo takes).
export const lastImportQueryOptions = (kind: ImportKind) =>
  queryOptions({
    queryKey: ['imports', 'last', kind] as const,
    queryFn: ({ signal }) => callEndpoint(endpoints.lastImport, { params: { kind }, signal }),
  });

// An import or its undo changes companies and contacts: their lists, panels and the last import are read again.
function useRefreshRecords() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(['companies', 'contacts', 'imports'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

export type ImportRequest = { file: File; onExisting: OnExisting; mapping: ImportMapping | null };

// The dry run: a mapping of null lets the server recognise the columns from the header line. Its errors are the
// dialog's to show (a file that cannot be read as CSV is said under the file field), hence silent here.
export function useCheckImport(kind: ImportKind) {
  return useMutation({
    mutationFn: ({ file, onExisting, mapping }: ImportRequest) =>
      callEndpoint(calls[kind].check, { params: { file, onExisting, ...(mapping === null ? {} : { mapping }) } }),
    meta: { silent: true },
  });
}

// The import itself, the upload's progress (0 to 1) told to `onUploadProgress`.
export function useRunImport(kind: ImportKind, onUploadProgress: (progress: number) => void) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: ({ file, onExisting, mapping }: ImportRequest & { mapping: ImportMapping }) =>
      callEndpoint(calls[kind].run, { params: { file, onExisting, mapping }, onUploadProgress }),
    onSuccess: async (report) => {
      if (report.id === null) return;
      notifySuccess(`Import terminé : ${plural(report.created, 'création')}, ${plural(report.updated, 'mise')} à jour`);
      await refresh();
    },
  });
}

// The undo of an import (refused, with the lines that block it, when records changed since).
export function useUndoImport() {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(endpoints.undoImport, { path: { id } }),
    onSuccess: async (answer) => {
      if (!answer.undone) return;
      notifySuccess('Import annulé');
      await refresh();
    },
  });
}
