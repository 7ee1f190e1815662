import { notifyInfo } from '@bo/client';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { registerOpenForm, takeDraft } from './form-drafts';

export const DRAFT_RESTORED =
  'Brouillon restauré : le formulaire reprend ce que vous aviez saisi avant la fin de votre session.';

// Every kit form keeps what the user typed when the session ends, and takes it back when it opens again after the
// next login (form-drafts.ts). `name`: the form's name at its address (its fields' names by default), or false for a
// form never kept.
export function useFormDraft<T extends FieldValues, TOutput extends FieldValues>(
  form: UseFormReturn<T, unknown, TOutput>,
  defaultValues: object,
  name: string | false | undefined,
) {
  const [formName] = useState(() => (name === false ? null : (name ?? Object.keys(defaultValues).sort().join(','))));
  // Read while rendering, so that the form tells this hook when it becomes dirty or clean again.
  const isDirty = form.formState.isDirty;
  const dirty = useRef(isDirty);
  useEffect(() => {
    dirty.current = isDirty;
  }, [isDirty]);
  useEffect(() => {
    if (formName === null) return;
    const draft = takeDraft(formName);
    if (draft) {
      // Over the form's own values, which stay its reference: the draft shows as changes (closing asks first).
      form.reset({ ...form.getValues(), ...draft } as T, { keepDefaultValues: true });
      notifyInfo(DRAFT_RESTORED);
    }
    return registerOpenForm({
      name: formName,
      read: () => (dirty.current ? (form.getValues() as Record<string, unknown>) : null),
    });
    // Once, at mount: the form object is stable and its name fixed.
  }, [form, formName]);
}
