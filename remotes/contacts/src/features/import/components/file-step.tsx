import { importFields, importKindLabels, type ImportKind, type ImportUndo } from '@bo/contracts/records';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lastImportQueryOptions } from '../api/imports';
import { dateTime, plural } from './import-texts';
import { UndoAnswer } from './undo-answer';

export type FileStepProps = {
  id: string;
  kind: ImportKind;
  fileError: string | null;
  onFile: (file: File | null) => void;
  onCheck: () => void;
  checking: boolean;
  // The answer to an undo of the last import, once asked.
  undo: ImportUndo | null;
  onUndo: (id: number) => void;
  undoing: boolean;
  onClose: () => void;
};

// The first step: choose the file (or undo the last import still in force).
export function FileStep({
  id,
  kind,
  fileError,
  onFile,
  onCheck,
  checking,
  undo,
  onUndo,
  undoing,
  onClose,
}: FileStepProps) {
  const last = useQuery(lastImportQueryOptions(kind));
  const label = importKindLabels[kind];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onCheck();
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
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="bo-field__error" id={`${id}-file-error`} role={fileError ? 'alert' : undefined}>
          {fileError ?? ''}
        </div>
      </div>
      {last.data && undo === null && (
        <section aria-label="Votre dernier import" style={{ marginBottom: 16 }}>
          <p>
            Votre dernier import de {label} : « {last.data.fileName} » le {dateTime(last.data.createdAt)},{' '}
            {plural(last.data.created, 'fiche')} créée
            {last.data.created > 1 ? 's' : ''} et {plural(last.data.updated, 'fiche')} mise
            {last.data.updated > 1 ? 's' : ''} à jour.
          </p>
          <Button danger onClick={() => onUndo(last.data?.id ?? 0)} loading={undoing}>
            Annuler ce dernier import
          </Button>
        </section>
      )}
      {undo !== null && <UndoAnswer undo={undo} />}
      <p>
        Les en-têtes reconnus d’eux-mêmes : {importFields[kind].map((field) => field.label).join(', ')}. Les autres
        colonnes se choisissent à l’étape suivante.
      </p>
      <div className="bo-import__actions" style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Fermer</Button>
        <Button type="primary" htmlType="submit" loading={checking}>
          Analyser le fichier
        </Button>
      </div>
    </form>
  );
}
