import type { ReactNode } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../form/use-zod-form';
import { useEditConflict, type ConflictFields } from './edit-conflict';
import type { PanelForm } from './entity-panel';
import type { PanelParam } from './use-panel-param';

// What a save is told once the server answered.
export type RecordSaveCallbacks<TSaved> = { onSuccess: (saved: TSaved) => void; onError: (error: unknown) => void };

export type RecordFormOptions<
  TSchema extends z.ZodType<FieldValues, FieldValues>,
  TSaved extends { id: number; version?: number },
> = {
  // The contract's schema of the record's payload: its rules and their French messages.
  schema: TSchema;
  // The values the form starts from: the record's, or a new record's.
  defaultValues: DefaultValues<z.input<TSchema>>;
  // The fields a refused save's errors may be shown under.
  fields: readonly FieldPath<z.input<TSchema>>[];
  // The record as last read; null for a new one.
  record: { id: number; version: number } | { id: number } | null;
  // The panel showing the form: once created, the record takes the place of the empty form.
  panel: PanelParam;
  // Sends the payload, made from `version` (the version the form shows, null for a new or unversioned record).
  save: (payload: z.output<TSchema>, version: number | null, callbacks: RecordSaveCallbacks<TSaved>) => void;
  submitting: boolean;
  // The form's values once saved (by default, the values sent).
  savedValues?: (saved: TSaved, sent: z.input<TSchema>) => DefaultValues<z.input<TSchema>>;
  // A record saved from the version it was read at (the server refuses a save over a newer one, editConflict):
  // the record's values as its form holds them, how its fields read, and how to read it again.
  conflict?: Omit<ConflictFields<z.input<TSchema>>, 'names'> & { values: z.input<TSchema> | null; reload: () => void };
};

export type RecordForm<TSchema extends z.ZodType<FieldValues, FieldValues>> = {
  form: ReturnType<typeof useZodForm<TSchema>>;
  // Checks the form and saves it (a form's submit, a wizard's last step).
  submit: () => Promise<void>;
  // What the panel's form needs beside its content and labels: submit, pending save, unsaved changes, the
  // conflict's notice.
  panelForm: Pick<PanelForm, 'onSubmit' | 'submitting' | 'dirty' | 'notice'>;
};

// The form of a record's panel: the contract's rules, the save, the server's refusals under their fields, a save
// over a newer version shown field by field (edit-conflict.tsx), a new record shown in place of the empty form once
// created, and the question before unsaved changes are left (EntityPanel, from `dirty`).
export function useRecordForm<
  TSchema extends z.ZodType<FieldValues, FieldValues>,
  TSaved extends { id: number; version?: number },
>({
  schema,
  defaultValues,
  fields,
  record,
  panel,
  save,
  submitting,
  savedValues,
  conflict,
}: RecordFormOptions<TSchema, TSaved>): RecordForm<TSchema> {
  const form = useZodForm(schema, defaultValues);
  const versioned = conflict !== undefined && record !== null && 'version' in record ? record : null;
  const edit = useEditConflict<z.input<TSchema>>({
    record: versioned,
    values: conflict?.values ?? null,
    form,
    dirty: form.formState.isDirty,
    saving: submitting,
    fields: { names: fields, labels: conflict?.labels ?? {}, owners: conflict?.owners, format: conflict?.format },
    reload: conflict?.reload ?? (() => undefined),
  });
  const submit = form.handleSubmit((payload) =>
    save(
      payload,
      edit.version,
      edit.saveCallbacks((saved: TSaved) => {
        const sent = form.getValues();
        form.reset(savedValues ? savedValues(saved, sent) : sent);
        if (!record) panel.replace(saved.id);
      }),
    ),
  );
  const notice: ReactNode = conflict ? edit.notice : null;
  return {
    form,
    submit: () => submit(),
    panelForm: { onSubmit: submit, submitting, dirty: form.formState.isDirty, notice },
  };
}
