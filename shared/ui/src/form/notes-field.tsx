import { callEndpoint } from '@bo/client';
import { endpoints, foldAccents, type Phrase } from '@bo/contracts';
import { QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { Input, Select, type GetRef } from 'antd';
import { useContext, useId, useRef } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldFrame, errorId } from './field';
import type { BaseFieldProps } from './inputs';

const PHRASES_STALE_MS = 5 * 60_000;

// The active predefined phrases (GET /phrases), under the 'phrases' key the admin page refreshes.
export const phrasesQueryOptions = () =>
  queryOptions({
    queryKey: ['phrases', 'picker'],
    queryFn: ({ signal }) => callEndpoint(endpoints.phrases, { signal }),
    staleTime: PHRASES_STALE_MS,
  });

// Puts a phrase where the caret is (in place of the selection), with a space around it when it would touch a word.
export function insertAt(text: string, phrase: string, start: number, end: number): { value: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before !== '' && !/\s$/.test(before) ? ' ' : '';
  const trail = after !== '' && !/^\s/.test(after) ? ' ' : '';
  const inserted = `${lead}${phrase}${trail}`;
  return { value: `${before}${inserted}${after}`, caret: before.length + lead.length + phrase.length };
}

const phraseMatches = (input: string, phrase: Phrase) =>
  foldAccents(`${phrase.category} ${phrase.text}`).includes(foldAccents(input));

// A notes field (a textarea) with the predefined phrases beside it: typing in the picker searches them, choosing one
// inserts it at the caret of the notes.
export function NotesField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required,
  disabled,
  rows = 4,
  ...props
}: BaseFieldProps<T, N> & { rows?: number }) {
  const id = `f-${useId().replace(/:/g, '')}-${String(props.name).replace(/\W/g, '-')}`;
  const { field, fieldState } = useController(props);
  const error = fieldState.error?.message;
  const area = useRef<GetRef<typeof Input.TextArea> | null>(null);
  // Where the caret was when the notes lost the focus to the picker.
  const selection = useRef<{ start: number; end: number } | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  // Outside an application's query client (a form tested alone) the notes stay a plain textarea.
  const withPicker = useContext(QueryClientContext) !== undefined;

  function rememberSelection() {
    const element = area.current?.resizableTextArea?.textArea;
    if (element) selection.current = { start: element.selectionStart, end: element.selectionEnd };
  }

  function handleInsert(phrase: Phrase) {
    const { start, end } = selection.current ?? { start: value.length, end: value.length };
    const next = insertAt(value, phrase.text, start, end);
    field.onChange(next.value);
    selection.current = { start: next.caret, end: next.caret };
    // Back to the notes, the caret after the phrase, to go on typing.
    requestAnimationFrame(() => {
      const element = area.current?.resizableTextArea?.textArea;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <Input.TextArea
        id={id}
        name={field.name}
        value={value}
        rows={rows}
        disabled={disabled}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={() => {
          rememberSelection();
          field.onBlur();
        }}
        onSelect={rememberSelection}
        ref={(instance) => {
          area.current = instance;
          field.ref(instance?.resizableTextArea?.textArea ?? null);
        }}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
      />
      {withPicker && <PhrasePicker disabled={disabled} onPick={handleInsert} />}
    </FieldFrame>
  );
}

// The phrases to choose from, by category, searchable by typing. Its name does not repeat the field's label, so that
// the label names the notes alone.
function PhrasePicker({ disabled, onPick }: { disabled?: boolean; onPick: (phrase: Phrase) => void }) {
  const { data: phrases = [], isPending, isError } = useQuery(phrasesQueryOptions());
  const categories = [...new Set(phrases.map((phrase) => phrase.category))];
  const options = categories.map((category) => ({
    label: category,
    title: category,
    options: phrases
      .filter((phrase) => phrase.category === category)
      .map((phrase) => ({ value: phrase.id, label: phrase.text, phrase })),
  }));
  return (
    <Select<number>
      aria-label="Insérer une phrase prédéfinie"
      placeholder={isError ? 'Phrases indisponibles' : 'Insérer une phrase…'}
      value={null}
      showSearch={{
        filterOption: (input, option) =>
          option && 'phrase' in option ? phraseMatches(input, option.phrase as Phrase) : false,
      }}
      options={options}
      onChange={(id) => {
        const phrase = phrases.find((candidate) => candidate.id === id);
        if (phrase) onPick(phrase);
      }}
      loading={isPending}
      disabled={disabled}
      notFoundContent="Aucune correspondance"
      size="small"
      style={{ width: '100%', marginTop: 4 }}
      popupMatchSelectWidth={false}
    />
  );
}
