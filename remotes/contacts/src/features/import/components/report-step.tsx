import { rejectedRowsCsv, type ImportKind, type ImportReport, type ImportUndo } from '@bo/contracts/records';
import { downloadCsv } from '@bo/ui/list';
import { Button } from 'antd';
import { ImportLines } from './import-lines';
import { counted, plural, unchangedSkippedRejected } from './import-texts';
import { UndoAnswer } from './undo-answer';

export type ReportStepProps = {
  kind: ImportKind;
  result: ImportReport;
  undo: ImportUndo | null;
  onUndo: (id: number) => void;
  undoing: boolean;
  onClose: () => void;
};

// The last step: the import's report, the rejected rows to download, and its undo.
export function ReportStep({ kind, result, undo, onUndo, undoing, onClose }: ReportStepProps) {
  const undoTarget = result.id;
  return (
    <div>
      {result.id === null ? (
        <p role="status">
          Rien n’a été importé : aucune ligne ne crée ni ne met à jour de fiche ({unchangedSkippedRejected(result)}).
        </p>
      ) : (
        <p role="status">
          Import terminé : {counted(result.created, 'fiche', 'créée')}, {plural(result.updated, 'fiche')} mise
          {result.updated > 1 ? 's' : ''} à jour, {unchangedSkippedRejected(result)}.
        </p>
      )}
      <ImportLines kind={kind} report={result} />
      {undo !== null && <UndoAnswer undo={undo} />}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        {result.rejected > 0 && (
          <Button onClick={() => downloadCsv(`rejets-${kind}.csv`, rejectedRowsCsv(result))}>
            Télécharger les lignes rejetées
          </Button>
        )}
        {undoTarget !== null && undo?.undone !== true && (
          <Button danger onClick={() => onUndo(undoTarget)} loading={undoing}>
            Annuler cet import
          </Button>
        )}
        <Button type="primary" onClick={onClose}>
          Fermer
        </Button>
      </div>
    </div>
  );
}
