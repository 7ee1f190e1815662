import type { ImportUndo } from '@bo/contracts/records';
import { Alert } from 'antd';

// The server's answer to an undo: done, or refused with the lines changed since the import.
export function UndoAnswer({ undo }: { undo: ImportUndo }) {
  if (undo.undone)
    return (
      <Alert
        type="success"
        showIcon
        title="Import annulé : les fiches créées sont supprimées, les fiches modifiées ont retrouvé leurs valeurs."
      />
    );
  return (
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
  );
}
