import { ApiRequestError, notifyError } from '@bo/client';
import {
  importKindLabels,
  IMPORT_MAX_BYTES,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
  type OnExisting,
} from '@bo/contracts/records';
import { Modal, Steps } from 'antd';
import { useId, useState } from 'react';
import { useCheckImport, useRunImport, useUndoImport } from '../api/imports';
import { CheckStep } from './check-step';
import { FileStep } from './file-step';
import { ReportStep } from './report-step';

// The CSV import of companies or contacts, in three steps: choose the file; read the mapping with the first rows,
// change it, read the dry run's report line by line and choose what to do with existing records; import, read the
// report, download the rejected rows, undo. Every check is the server's (the dry run); nothing is written before
// "Importer".

export type ImportDialogProps = { kind: ImportKind; open: boolean; onClose: () => void };

export function ImportDialog({ kind, open, onClose }: ImportDialogProps) {
  const id = `bo-import-${useId().replace(/:/g, '')}`;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The last dry run's report: it stays on screen while the file is checked again.
  const [check, setCheck] = useState<ImportReport | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [onExisting, setOnExisting] = useState<OnExisting>('skip');
  const [progress, setProgress] = useState(0);
  const checkFile = useCheckImport(kind);
  const runImport = useRunImport(kind, setProgress);
  const undoImport = useUndoImport();
  const result = runImport.data ?? null;
  const undo = undoImport.data ?? null;
  const step = result !== null ? 2 : check !== null ? 1 : 0;

  function reset() {
    setFile(null);
    setFileError(null);
    setCheck(null);
    setMapping({});
    setOnExisting('skip');
    setProgress(0);
    runImport.reset();
    undoImport.reset();
  }

  function handleClose() {
    if (runImport.isPending) return;
    reset();
    onClose();
  }

  function runCheck(nextMapping: ImportMapping | null, nextOnExisting: OnExisting) {
    if (file === null) return setFileError('Entrée requise');
    if (file.size > IMPORT_MAX_BYTES) return setFileError('Fichier trop volumineux (20 Mo au plus)');
    checkFile.mutate(
      { file, onExisting: nextOnExisting, mapping: nextMapping },
      {
        onSuccess: (report) => {
          setCheck(report);
          setMapping(report.mapping);
        },
        onError: (failure) => {
          // A file the server cannot read as CSV (not text, UTF-16, a quote never closed): why, under the file field.
          const why = failure instanceof ApiRequestError ? failure.fieldErrors().file : undefined;
          if (why === undefined) return notifyError(failure);
          setCheck(null);
          setFileError(why);
        },
      },
    );
  }

  function handleImport() {
    if (file === null) return;
    setProgress(0);
    // The import's report takes the place of an undo answered before it.
    runImport.mutate({ file, onExisting, mapping }, { onSuccess: () => undoImport.reset() });
  }

  return (
    <Modal
      open={open}
      title={`Importer des ${importKindLabels[kind]}`}
      onCancel={handleClose}
      width={960}
      destroyOnHidden
      footer={null}
      mask={{ closable: false }}
    >
      <Steps
        size="small"
        current={step}
        items={[{ title: 'Fichier' }, { title: 'Colonnes et vérification' }, { title: 'Rapport' }]}
        style={{ marginBottom: 16 }}
      />
      {step === 0 && (
        <FileStep
          id={id}
          kind={kind}
          fileError={fileError}
          onFile={(chosen) => {
            setFile(chosen);
            setFileError(null);
          }}
          onCheck={() => runCheck(null, onExisting)}
          checking={checkFile.isPending}
          undo={undo}
          onUndo={(target) => undoImport.mutate(target)}
          undoing={undoImport.isPending}
          onClose={handleClose}
        />
      )}
      {step === 1 && check !== null && (
        <CheckStep
          id={id}
          kind={kind}
          check={check}
          mapping={mapping}
          onMapping={setMapping}
          onExisting={onExisting}
          onOnExisting={(next) => {
            setOnExisting(next);
            runCheck(mapping, next);
          }}
          onCheck={() => runCheck(mapping, onExisting)}
          checking={checkFile.isPending}
          onImport={handleImport}
          importing={runImport.isPending}
          progress={progress}
          onOtherFile={reset}
        />
      )}
      {step === 2 && result !== null && (
        <ReportStep
          kind={kind}
          result={result}
          undo={undo}
          onUndo={(target) => undoImport.mutate(target)}
          undoing={undoImport.isPending}
          onClose={handleClose}
        />
      )}
    </Modal>
  );
}
