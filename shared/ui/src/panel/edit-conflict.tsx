import { ApiRequestError, notifyError } from '@bo/client';
import { conflictMessage, type Conflict } from '@bo/contracts';
import { Alert, Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { showServerErrors } from '../form/server-errors';

// A record's form saved from an older version than the one stored is refused (editConflict, with who changed it
// last and when). The form keeps what the user typed; once the newer record is loaded, each field where it differs
// from the form is shown beside it, to take or to leave, and the next save goes over the version now seen.

export function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiRequestError)) return null;
  return error.errors.find((item) => item.message === 'editConflict')?.conflict ?? null;
}

export type ConflictFields<V extends FieldValues> = {
  readonly names: readonly FieldPath<V>[];
  readonly labels: Record<string, string>;
  // The users an `ownerId` names, shown by their trigram.
  readonly owners?: readonly { id: number; trigram: string }[];
  // How a value reads for a person (a company's name rather than its id), or undefined for the default: empty as
  // nothing, an owner by trigram, a list joined, anything else as text.
  format?: (name: FieldPath<V>, value: unknown) => string | undefined;
};

const shown = (text: string) => (text.trim() === '' ? '(vide)' : `« ${text} »`);

export function useEditConflict<V extends FieldValues>({
  record,
  values,
  form,
  dirty,
  saving,
  fields,
  reload,
}: {
  // The record as last read (its version and the form values it gives), null for a new one.
  record: { version: number } | null;
  values: V | null;
  form: Pick<UseFormReturn<V>, 'getValues' | 'setValue' | 'setError' | 'reset'>;
  // Whether the user typed something not saved yet, and whether a save is under way (the newer version it reads
  // back is its own).
  dirty: boolean;
  saving: boolean;
  fields: ConflictFields<V>;
  // Reads the record again (its query invalidated).
  reload: () => void;
}): {
  // The version the next save is made from (null for a new record).
  version: number | null;
  // The save's callbacks: saved, the version it now has is taken and `then` runs; refused over a newer version, the
  // notice shows (and a toast says who and when); any other error goes under its field.
  saveCallbacks: <R extends { version?: number }>(
    then: (saved: R) => void,
  ) => { onSuccess: (saved: R) => void; onError: (error: unknown) => void };
  notice: ReactNode;
} {
  const [base, setBase] = useState(record?.version ?? null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // A newer version came while the user was typing (a colleague's save, shown live: docs/live-changes.md).
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const loaded =
    (conflict !== null && record !== null && values !== null && record.version >= conflict.version) ||
    (changedMeanwhile && values !== null);
  // The newer record is on screen: the next save is made from it.
  if (loaded && record !== null && base !== record.version) setBase(record.version);
  // A newer record read while the form holds nothing typed: the form shows it; with something typed, the user's
  // values stay and the fields the colleague changed are shown beside them, as after a refused save.
  const newerVersion = record !== null && base !== null && record.version > base ? record.version : null;
  useEffect(() => {
    if (newerVersion === null || conflict !== null || values === null || saving) return;
    if (dirty) {
      setChangedMeanwhile(true);
    } else {
      form.reset(values);
      setBase(newerVersion);
    }
    // Only when a newer version arrives: the form's values and their object are the consumer's.
  }, [newerVersion]);

  const format = (name: FieldPath<V>, value: unknown): string => {
    if (value == null || value === '') return '';
    if (Array.isArray(value)) return value.map((item: unknown) => format(name, item)).join(', ');
    const own = fields.format?.(name, value);
    if (own !== undefined) return own;
    if (name === 'ownerId') return fields.owners?.find((owner) => owner.id === value)?.trigram ?? String(value);
    return String(value);
  };
  const differing = loaded
    ? fields.names.filter((name) => format(name, values[name as keyof V]) !== format(name, form.getValues(name)))
    : [];
  const notice =
    conflict === null && !changedMeanwhile ? null : (
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ marginBottom: 16 }}
        title={
          conflict === null ? 'Modifié pendant votre saisie par un autre utilisateur.' : `${conflictMessage(conflict)}.`
        }
        description={
          !loaded ? (
            'Chargement de la version enregistrée…'
          ) : differing.length === 0 ? (
            'Vos saisies sont conservées et ne contredisent pas la version enregistrée : enregistrez pour confirmer.'
          ) : (
            <>
              Vos saisies sont conservées. Pour chaque champ modifié entre-temps, gardez votre valeur ou reprenez la
              valeur enregistrée, puis enregistrez :
              <ul className="bo-conflict-fields">
                {differing.map((name) => (
                  <li key={name}>
                    <strong>{fields.labels[name] ?? name}</strong> : la vôtre{' '}
                    {shown(format(name, form.getValues(name)))}, enregistrée{' '}
                    {shown(format(name, values[name as keyof V]))}{' '}
                    <Button
                      size="small"
                      onClick={() =>
                        form.setValue(name, values[name as keyof V] as PathValue<V, FieldPath<V>>, {
                          shouldDirty: true,
                        })
                      }
                      aria-label={`Reprendre la valeur enregistrée de ${fields.labels[name] ?? name}`}
                    >
                      Reprendre la valeur enregistrée
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      />
    );

  return {
    version: base,
    saveCallbacks: (then) => ({
      onSuccess: (saved) => {
        setBase(saved.version ?? null);
        setConflict(null);
        setChangedMeanwhile(false);
        then(saved);
      },
      onError: (error) => {
        const found = conflictOf(error);
        if (found === null) {
          showServerErrors(error, form.setError, fields.names);
          return;
        }
        setConflict(found);
        notifyError(error);
        reload();
      },
    }),
    notice,
  };
}
