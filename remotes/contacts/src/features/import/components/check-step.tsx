import {
  importFields,
  onExistingChoices,
  onExistingLabels,
  rejectedRowsCsv,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
  type OnExisting,
} from '@bo/contracts/records';
import { downloadCsv } from '@bo/ui/list';
import { Alert, Button, Radio, Select } from 'antd';
import { ImportLines } from './import-lines';
import { plural, unchangedSkippedRejected } from './import-texts';

export type CheckStepProps = {
  id: string;
  kind: ImportKind;
  // The last dry run's report.
  check: ImportReport;
  mapping: ImportMapping;
  onMapping: (mapping: ImportMapping) => void;
  onExisting: OnExisting;
  onOnExisting: (onExisting: OnExisting) => void;
  // A new dry run with the mapping shown.
  onCheck: () => void;
  checking: boolean;
  onImport: () => void;
  importing: boolean;
  // The upload's progress, from 0 to 1.
  progress: number;
  onOtherFile: () => void;
};

// The second step: the mapping of the columns with the first rows, the dry run's report line by line, the choice for
// the records already there, and the import.
export function CheckStep(props: CheckStepProps) {
  const {
    id,
    kind,
    check,
    mapping,
    onMapping,
    onExisting,
    onOnExisting,
    onCheck,
    checking,
    onImport,
    importing,
    progress,
    onOtherFile,
  } = props;
  const mappingChanged = JSON.stringify(mapping) !== JSON.stringify(check.mapping);
  const columnOptions = [
    { value: -1, label: '— Ne pas importer —' },
    ...check.headers.map((header, index) => ({ value: index, label: header === '' ? `Colonne ${index + 1}` : header })),
  ];
  const writable = check.created + check.updated;
  // The problems of the file itself (on its header line), which reject every line.
  const fileProblems = check.problems.filter((problem) => problem.line === 1);

  return (
    <div>
      <h3 id={`${id}-mapping`}>Correspondance des colonnes</h3>
      <div
        role="group"
        aria-labelledby={`${id}-mapping`}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}
      >
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
                onMapping(next);
              }}
            />
          </div>
        ))}
      </div>
      {mappingChanged && (
        <Button style={{ marginTop: 8 }} onClick={onCheck} loading={checking}>
          Vérifier avec ces colonnes
        </Button>
      )}

      <h3>Premières lignes du fichier</h3>
      <FirstRows check={check} />

      <h3>Vérification</h3>
      <p role="status">
        {plural(check.rows, 'ligne')} : {plural(check.created, 'création')}, {plural(check.updated, 'mise')} à jour,{' '}
        {unchangedSkippedRejected(check)}.
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
      <ImportLines kind={kind} report={check} busy={checking} />
      {check.rejected > 0 && (
        <Button style={{ marginTop: 8 }} onClick={() => downloadCsv(`rejets-${kind}.csv`, rejectedRowsCsv(check))}>
          Télécharger les lignes rejetées
        </Button>
      )}

      <fieldset style={{ border: 0, padding: 0, margin: '16px 0' }}>
        <legend className="bo-field__label">Fiches déjà présentes</legend>
        <Radio.Group value={onExisting} onChange={(event) => onOnExisting(event.target.value as OnExisting)}>
          {onExistingChoices.map((choice) => (
            <Radio key={choice} value={choice}>
              {onExistingLabels[choice]}
            </Radio>
          ))}
        </Radio.Group>
        {onExisting === 'update' && (
          <p style={{ margin: '8px 0 0' }}>Une cellule vide ne remplace rien : la fiche garde sa valeur.</p>
        )}
      </fieldset>

      {importing && (
        <div role="status" aria-live="polite">
          {/* The native bar: antd's Progress would join the antd every page downloads for this one dialog. */}
          <progress
            className="bo-progress"
            max={100}
            value={Math.round(progress * 100)}
            aria-label="Envoi du fichier"
          />
          <p>{progress < 1 ? 'Envoi du fichier…' : 'Import en cours…'}</p>
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onOtherFile} disabled={checking || importing}>
          Choisir un autre fichier
        </Button>
        <Button
          type="primary"
          onClick={onImport}
          loading={importing}
          disabled={writable === 0 || mappingChanged || checking}
        >
          {`Importer ${plural(writable, 'ligne')}`}
        </Button>
      </div>
    </div>
  );
}

// The file's first rows under its header line, as read by the server.
function FirstRows({ check }: { check: ImportReport }) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="bo-import__preview" style={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={{ textAlign: 'left' }}>
          {plural(check.rows, 'ligne')} de données ; encodage {check.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'},
          séparateur « {check.separator} »
        </caption>
        <thead>
          <tr>
            {check.headers.map((header, index) => (
              <th
                key={index}
                scope="col"
                style={{ textAlign: 'left', borderBottom: '1px solid currentColor', padding: 4 }}
              >
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
  );
}
