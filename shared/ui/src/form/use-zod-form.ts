import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { useFormDraft } from './use-form-draft';

export type ZodFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>,
  'resolver' | 'defaultValues'
> & {
  // The name its draft is kept under at its address (its fields' names by default); false: never kept.
  draft?: string | false;
};

// react-hook-form driven by a contract schema: one source for the rules and their French messages. What the user
// typed outlives the end of the session (use-form-draft.ts).
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
  { draft, ...options }: ZodFormOptions<TSchema> = {},
) {
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
  useFormDraft(form, defaultValues, draft);
  return form;
}
