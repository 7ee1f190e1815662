import {
  importFieldLabel,
  importLineFateLabels,
  importLineFates,
  importMessages,
  type ImportKind,
  type ImportLine,
  type ImportLineFate,
  type ImportReport,
} from '@bo/contracts/records';
import { Button, Radio } from 'antd';
import { useId, useState } from 'react';

// The report of an import (or of its dry run) line by line: each line of the file with its fate, the record it is,
// what an update changes (before → after), why a line is left out or rejected, and the records it resembles. The
// server details the lines that are not plain creations first (up to IMPORT_REPORT_LINES of them); the rest is counted.

// Rows drawn at a time: a report may detail thousands of lines.
const LINES_SHOWN = 100;

type Filter = 'all' | 'warnings' | ImportLineFate;
const filterLabels: Record<Exclude<Filter, ImportLineFate>, string> = { all: 'Toutes', warnings: 'Avec avertissement' };
const matches = (line: ImportLine, filter: Filter) =>
  filter === 'all' || (filter === 'warnings' ? line.warnings.length > 0 : line.fate === filter);

const cellStyle = { textAlign: 'left', verticalAlign: 'top', padding: 4 } as const;
const listStyle = { margin: 0, paddingLeft: 16 } as const;
const count = (value: number) => value.toLocaleString('fr-FR');

export type ImportLinesProps = {
  kind: ImportKind;
  report: Pick<ImportReport, 'lines' | 'moreLines'>;
  // A new dry run on its way: the lines shown are those of the previous one.
  busy?: boolean;
};

export function ImportLines({ kind, report, busy = false }: ImportLinesProps) {
  const id = `bo-import-lines-${useId().replace(/:/g, '')}`;
  const [filter, setFilter] = useState<Filter>('all');
  const [shown, setShown] = useState(LINES_SHOWN);
  const filters: Filter[] = ['all', ...importLineFates, 'warnings'];
  const totals = new Map(
    filters.map((choice) => [choice, report.lines.filter((line) => matches(line, choice)).length]),
  );
  // A filter with no line is not offered (but the one chosen, until another is).
  const offered = filters.filter((choice) => choice === 'all' || choice === filter || (totals.get(choice) ?? 0) > 0);
  const lines = report.lines.filter((line) => matches(line, filter));
  const rest = lines.length - shown;

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={busy} style={{ marginTop: 16 }}>
      <h3 id={`${id}-title`}>Détail ligne par ligne</h3>
      {busy && <p role="status">Vérification en cours…</p>}
      {report.lines.length === 0 ? (
        <p>Aucune ligne à détailler : le fichier n’a aucune ligne de données.</p>
      ) : (
        <>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
            <legend className="bo-field__label">Lignes affichées</legend>
            <Radio.Group
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
                setShown(LINES_SHOWN);
              }}
            >
              {offered.map((choice) => (
                <Radio key={choice} value={choice}>
                  {`${choice === 'all' || choice === 'warnings' ? filterLabels[choice] : importLineFateLabels[choice]} (${count(totals.get(choice) ?? 0)})`}
                </Radio>
              ))}
            </Radio.Group>
          </fieldset>
          {/* Focusable, so that the keyboard scrolls it. */}
          <div role="region" aria-label="Lignes du rapport" tabIndex={0} style={{ maxHeight: 320, overflowY: 'auto' }}>
            <table
              style={{ borderCollapse: 'collapse', width: '100%', opacity: busy ? 0.6 : 1 }}
              aria-label="Rapport ligne par ligne"
            >
              <thead>
                <tr>
                  <th scope="col" style={cellStyle}>
                    Ligne
                  </th>
                  <th scope="col" style={cellStyle}>
                    Résultat
                  </th>
                  <th scope="col" style={cellStyle}>
                    Fiche
                  </th>
                  <th scope="col" style={cellStyle}>
                    Détail
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.slice(0, shown).map((line) => (
                  <tr key={line.line} style={{ borderTop: '1px solid rgba(0, 0, 0, 0.12)' }}>
                    <td style={cellStyle}>{line.line}</td>
                    <td style={cellStyle}>{importLineFateLabels[line.fate]}</td>
                    <td style={cellStyle}>
                      {line.record === null ? line.label : `${line.record.label} (n° ${line.record.id})`}
                    </td>
                    <td style={cellStyle}>
                      <LineDetail kind={kind} line={line} />
                    </td>
                  </tr>
                ))}
                {lines.length === 0 && (
                  <tr>
                    <td colSpan={4} style={cellStyle}>
                      Aucune ligne de ce type.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          {rest > 0 && (
            <Button style={{ marginTop: 8 }} onClick={() => setShown(shown + LINES_SHOWN)}>
              {`Afficher ${count(Math.min(rest, LINES_SHOWN))} lignes de plus (sur ${count(rest)})`}
            </Button>
          )}
        </>
      )}
      {report.moreLines > 0 && (
        <p style={{ marginTop: 8 }}>
          {report.moreLines > 1
            ? `${count(report.moreLines)} autres lignes ne sont pas détaillées ici ; elles comptent dans les totaux.`
            : 'Une autre ligne n’est pas détaillée ici ; elle compte dans les totaux.'}
        </p>
      )}
    </section>
  );
}

// What a line changes, why it is left out or rejected, and what it resembles.
function LineDetail({ kind, line }: { kind: ImportKind; line: ImportLine }) {
  const value = (text: string | null) => text ?? importMessages.emptyValue;
  if (line.changes.length === 0 && line.reasons.length === 0 && line.warnings.length === 0) return null;
  return (
    <ul style={listStyle}>
      {line.changes.map((change) => (
        <li key={change.field}>
          {importFieldLabel(kind, change.field)} : {value(change.before)}
          <span aria-hidden="true"> → </span>
          <span className="bo-sr-only"> devient </span>
          {value(change.after)}
        </li>
      ))}
      {line.reasons.map((reason, index) => (
        <li key={`reason-${index}`}>{reason}</li>
      ))}
      {line.warnings.map((warning, index) => (
        <li key={`warning-${index}`}>
          <strong>Attention :</strong> {warning.message}
        </li>
      ))}
    </ul>
  );
}
