import { ApiRequestError, callEndpoint, notifyError, notifySuccess } from '@bo/client';
import {
  endpoints,
  importFields,
  importKindLabels,
  IMPORT_MAX_BYTES,
  onExistingChoices,
  onExistingLabels,
  rejectedRowsCsv,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
  type ImportUndo,
  type OnExisting,
} from '@bo/contracts/records';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Radio, Select, Steps } from 'antd';
import { useId, useState } from 'react';
import { downloadCsv } from '../list/csv';
import { ImportLines } from './import-lines';

// The CSV import of companies or contacts (issue 17), in three steps: choose the file; read the mapping with the
// first rows, change it, read the dry run's report line by line and choose what to do with existing records;
// import, read the report, download the rejected rows, undo. Every check is the server's (the dry run); nothing is
// written before "Importer".

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

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const plural = (count: number, word: string) => `${count.toLocaleString('fr-FR')} ${word}${count > 1 ? 's' : ''}`;
// "2 lignes inchangées" (an adjective after its noun agrees with it).
const counted = (count: number, noun: string, adjective: string) => `${plural(count, noun)} ${adjective}${count > 1 ? 's' : ''}`;
const unchangedSkippedRejected = (report: ImportReport) =>
  `${counted(report.unchanged, 'ligne', 'inchangée')}, ${counted(report.skipped, 'ligne', 'ignorée')}, ${counted(report.rejected, 'ligne', 'rejetée')}`;

export type ImportDialogProps = { kind: ImportKind; open: boolean; onClose: () => void };

export function ImportDialog({ kind, open, onClose }: ImportDialogProps) {
  const id = `bo-import-${useId().replace(/:/g, '')}`;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportReport | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [onExisting, setOnExisting] = useState<OnExisting>('skip');
  const [result, setResult] = useState<ImportReport | null>(null);
  const [undo, setUndo] = useState<ImportUndo | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | 'undo' | null>(null);
  const [progress, setProgress] = useState(0);
  const step = result !== null ? 2 : check !== null ? 1 : 0;
  const last = useQuery({ ...lastImportQueryOptions(kind), enabled: open });
  const label = importKindLabels[kind];

  function reset() {
    setFile(null);
    setFileError(null);
    setCheck(null);
    setMapping({});
    setOnExisting('skip');
    setResult(null);
    setUndo(null);
    setProgress(0);
  }

  function handleClose() {
    if (busy === 'import') return;
    reset();
    onClose();
  }

  async function runCheck(nextMapping: ImportMapping | null, nextOnExisting: OnExisting) {
    if (file === null) {
      setFileError('Entrée requise');
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError('Fichier trop volumineux (20 Mo au plus)');
      return;
    }
    setBusy('check');
    try {
      const report = await callEndpoint(calls[kind].check, {
        params: { file, onExisting: nextOnExisting, ...(nextMapping === null ? {} : { mapping: nextMapping }) },
      });
      setCheck(report);
      setMapping(report.mapping);
    } catch (failure) {
      // A file the server cannot read as CSV (not text, UTF-16, a quote never closed): why, under the file field.
      const why = failure instanceof ApiRequestError ? failure.fieldErrors().file : undefined;
      if (why === undefined) return notifyError(failure);
      setCheck(null);
      setFileError(why);
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (file === null) return;
    setBusy('import');
    setProgress(0);
    try {
      const report = await callEndpoint(calls[kind].run, { params: { file, onExisting, mapping }, onUploadProgress: setProgress });
      setResult(report);
      setUndo(null);
      if (report.id === null) return;
      notifySuccess(`Import terminé : ${plural(report.created, 'création')}, ${plural(report.updated, 'mise')} à jour`);
      await refresh();
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(null);
    }
  }

  async function runUndo(id: number) {
    setBusy('undo');
    try {
      const answer = await callEndpoint(endpoints.undoImport, { path: { id } });
      setUndo(answer);
      if (answer.undone) {
        notifySuccess('Import annulé');
        await refresh();
      }
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(null);
    }
  }

  const mappingChanged = check !== null && JSON.stringify(mapping) !== JSON.stringify(check.mapping);
  const columnOptions = [
    { value: -1, label: '— Ne pas importer —' },
    ...(check?.headers ?? []).map((header, index) => ({ value: index, label: header === '' ? `Colonne ${index + 1}` : header })),
  ];
  const writable = check === null ? 0 : check.created + check.updated;
  // The problems of the file itself (on its header line), which reject every line.
  const fileProblems = check?.problems.filter((problem) => problem.line === 1) ?? [];
  // The import an undo would take: the one just made, or on the first step the last one still in force.
  const undoTarget = result?.id ?? (step === 0 ? (last.data?.id ?? null) : null);

  const refresh = () =>
    Promise.all(['companies', 'contacts', 'imports'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

  const undoAnswer = undo !== null && (
    <>
      {undo.undone && <Alert type="success" showIcon title="Import annulé : les fiches créées sont supprimées, les fiches modifiées ont retrouvé leurs valeurs." />}
      {!undo.undone && (
        <Alert
          type="warning"
          showIcon
          title="Annulation impossible : des lignes ont changé depuis l’import"
          description={
            <ul>
              {undo.blockers.map((blocker, index) => (
                <li key={index}>
                  Ligne {blocker.line} ({blocker.label}) : {blocker.reason}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );

  return (
    <Modal open={open} title={`Importer des ${label}`} onCancel={handleClose} width={960} destroyOnHidden footer={null} mask={{ closable: false }}>
      <Steps
        size="small"
        current={step}
        items={[{ title: 'Fichier' }, { title: 'Colonnes et vérification' }, { title: 'Rapport' }]}
        style={{ marginBottom: 16 }}
      />

      {step === 0 && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void runCheck(null, onExisting);
          }}
        >
          <div className={`bo-field${fileError ? ' bo-field--error' : ''}`}>
            <label className="bo-field__label" htmlFor={`${id}-file`}>
              Fichier CSV (séparateur « ; » ou « , », UTF-8 ou Windows-1252, 20 Mo au plus)
            </label>
            <div className="bo-field__control">
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={`${id}-file-error`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
            </div>
            <div className="bo-field__error" id={`${id}-file-error`} role={fileError ? 'alert' : undefined}>
              {fileError ?? ''}
            </div>
          </div>
          {last.data && undo === null && (
            <section aria-label="Votre dernier import" style={{ marginBottom: 16 }}>
              <p>
                Votre dernier import de {label} : « {last.data.fileName} » le {dateTime(last.data.createdAt)}, {plural(last.data.created, 'fiche')} créée
                {last.data.created > 1 ? 's' : ''} et {plural(last.data.updated, 'fiche')} mise{last.data.updated > 1 ? 's' : ''} à jour.
              </p>
              <Button danger onClick={() => void runUndo(last.data?.id ?? 0)} loading={busy === 'undo'}>
                Annuler ce dernier import
              </Button>
            </section>
          )}
          {step === 0 && undoAnswer}
          <p>
            Les en-têtes reconnus d’eux-mêmes :{' '}
            {importFields[kind].map((field) => field.label).join(', ')}. Les autres colonnes se choisissent à l’étape suivante.
          </p>
          <div className="bo-import__actions" style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={handleClose}>Fermer</Button>
            <Button type="primary" htmlType="submit" loading={busy === 'check'}>
              Analyser le fichier
            </Button>
          </div>
        </form>
      )}

      {step === 1 && check !== null && (
        <div>
          <h3 id={`${id}-mapping`}>Correspondance des colonnes</h3>
          <div role="group" aria-labelledby={`${id}-mapping`} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}>
            {importFields[kind].map((field) => (
              <div className="bo-field" key={field.key}>
                <label className="bo-field__label" htmlFor={`${id}-map-${field.key}`}>
                  {field.label}
                  {field.required && <span aria-hidden="true"> *</span>}
                </label>
                <Select
                  id={`${id}-map-${field.key}`}
                  style={{ width: '100%' }}
                  value={mapping[field.key] ?? -1}
                  options={columnOptions}
                  onChange={(value: number) => {
                    const next = { ...mapping };
                    if (value === -1) delete next[field.key];
                    else next[field.key] = value;
                    setMapping(next);
                  }}
                />
              </div>
            ))}
          </div>
          {mappingChanged && (
            <Button style={{ marginTop: 8 }} onClick={() => void runCheck(mapping, onExisting)} loading={busy === 'check'}>
              Vérifier avec ces colonnes
            </Button>
          )}

          <h3>Premières lignes du fichier</h3>
          <div style={{ overflowX: 'auto' }}>
            <table className="bo-import__preview" style={{ borderCollapse: 'collapse', width: '100%' }}>
              <caption style={{ textAlign: 'left' }}>
                {plural(check.rows, 'ligne')} de données ; encodage {check.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'}, séparateur « {check.separator} »
              </caption>
              <thead>
                <tr>
                  {check.headers.map((header, index) => (
                    <th key={index} scope="col" style={{ textAlign: 'left', borderBottom: '1px solid currentColor', padding: 4 }}>
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {check.preview.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {check.headers.map((_header, index) => (
                      <td key={index} style={{ padding: 4 }}>
                        {row[index] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h3>Vérification</h3>
          <p role="status">
            {plural(check.rows, 'ligne')} : {plural(check.created, 'création')}, {plural(check.updated, 'mise')} à jour, {unchangedSkippedRejected(check)}.
          </p>
          {fileProblems.length > 0 && (
            <Alert
              type="error"
              showIcon
              title="Le fichier ne peut pas être importé"
              description={
                <ul style={{ margin: 0 }}>
                  {fileProblems.map((problem, index) => (
                    <li key={index}>{problem.message}</li>
                  ))}
                </ul>
              }
            />
          )}
          <ImportLines kind={kind} report={check} busy={busy === 'check'} />
          {check.rejected > 0 && (
            <Button style={{ marginTop: 8 }} onClick={() => downloadCsv(`rejets-${kind}.csv`, rejectedRowsCsv(check))}>
              Télécharger les lignes rejetées
            </Button>
          )}

          <fieldset style={{ border: 0, padding: 0, margin: '16px 0' }}>
            <legend className="bo-field__label">Fiches déjà présentes</legend>
            <Radio.Group
              value={onExisting}
              onChange={(event) => {
                const next = event.target.value as OnExisting;
                setOnExisting(next);
                void runCheck(mapping, next);
              }}
            >
              {onExistingChoices.map((choice) => (
                <Radio key={choice} value={choice}>
                  {onExistingLabels[choice]}
                </Radio>
              ))}
            </Radio.Group>
            {onExisting === 'update' && <p style={{ margin: '8px 0 0' }}>Une cellule vide ne remplace rien : la fiche garde sa valeur.</p>}
          </fieldset>

          {busy === 'import' && (
            <div role="status" aria-live="polite">
              {/* The native bar: antd's Progress would join the antd every page downloads for this one dialog. */}
              <progress className="bo-progress" max={100} value={Math.round(progress * 100)} aria-label="Envoi du fichier" />
              <p>{progress < 1 ? 'Envoi du fichier…' : 'Import en cours…'}</p>
            </div>
          )}
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={reset} disabled={busy !== null}>
              Choisir un autre fichier
            </Button>
            <Button type="primary" onClick={() => void runImport()} loading={busy === 'import'} disabled={writable === 0 || mappingChanged || busy === 'check'}>
              {`Importer ${plural(writable, 'ligne')}`}
            </Button>
          </div>
        </div>
      )}

      {step === 2 && result !== null && (
        <div>
          {result.id === null ? (
            <p role="status">
              Rien n’a été importé : aucune ligne ne crée ni ne met à jour de fiche ({unchangedSkippedRejected(result)}).
            </p>
          ) : (
            <p role="status">
              Import terminé : {counted(result.created, 'fiche', 'créée')}, {plural(result.updated, 'fiche')} mise{result.updated > 1 ? 's' : ''} à jour,{' '}
              {unchangedSkippedRejected(result)}.
            </p>
          )}
          <ImportLines kind={kind} report={result} />
          {undoAnswer}
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
            {result.rejected > 0 && <Button onClick={() => downloadCsv(`rejets-${kind}.csv`, rejectedRowsCsv(result))}>Télécharger les lignes rejetées</Button>}
            {undoTarget !== null && undo?.undone !== true && (
              <Button danger onClick={() => void runUndo(undoTarget)} loading={busy === 'undo'}>
                Annuler cet import
              </Button>
            )}
            <Button type="primary" onClick={handleClose}>
              Fermer
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
