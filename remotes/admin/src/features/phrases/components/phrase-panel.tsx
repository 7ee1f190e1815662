import { phraseStorePayloadSchema, type Phrase } from '@bo/contracts/records';
import { SwitchField, TextField, TextareaField } from '@bo/ui/form';
import { EntityPanel, historySection, useRecordForm, type PanelParam } from '@bo/ui/records';
import { fetchPhraseHistory, phraseKeys, useStorePhrase } from '../api/phrases';

const historyLabels: Record<string, string> = {
  category: 'Catégorie',
  text: 'Texte',
  order: 'Ordre',
  isActive: 'Active',
};

const formFields = ['category', 'text', 'order', 'isActive'] as const;

function PhraseForm({
  phrase,
  category,
  nextOrder,
  panel,
}: {
  phrase: Phrase | null;
  category: string;
  nextOrder: number;
  panel: PanelParam;
}) {
  const store = useStorePhrase(phrase?.id ?? null);
  const { form, panelForm } = useRecordForm({
    schema: phraseStorePayloadSchema,
    defaultValues: {
      category: phrase?.category ?? category,
      text: phrase?.text ?? '',
      order: phrase?.order ?? nextOrder,
      isActive: phrase?.isActive ?? true,
    },
    fields: formFields,
    record: phrase,
    panel,
    save: (payload, _version, callbacks) => store.mutate(payload, callbacks),
    submitting: store.isPending,
  });
  const { control } = form;
  return (
    <EntityPanel
      open
      title={phrase ? `Phrase : ${phrase.category}` : 'Nouvelle phrase'}
      onClose={panel.close}
      sections={
        phrase
          ? [
              historySection({
                label: 'Historique de la phrase',
                queryKey: phraseKeys.history(phrase.id),
                fetchPage: fetchPhraseHistory(phrase.id),
                fieldLabels: historyLabels,
              }),
            ]
          : []
      }
      form={{
        ...panelForm,
        submitLabel: phrase ? 'Enregistrer' : 'Créer la phrase',
        content: (
          <div className="bo-form-grid">
            <TextField
              control={control}
              name="category"
              label="Catégorie"
              required
              maxLength={100}
              placeholder="Ex. Relance"
            />
            <TextField control={control} name="order" label="Ordre dans la catégorie" type="number" />
            <TextareaField control={control} name="text" label="Texte" required rows={5} />
            {phrase && (
              <SwitchField
                control={control}
                name="isActive"
                label="Proposée dans les notes"
                onLabel="Active"
                offLabel="Inactive"
              />
            )}
          </div>
        ),
      }}
    />
  );
}

// The panel of /phrases: a new phrase (`?phrase=new`, in the category the list is filtered on) or one phrase.
export function PhrasePanel({
  panel,
  phrases,
  loading,
  category,
}: {
  panel: PanelParam;
  phrases: Phrase[] | undefined;
  loading: boolean;
  category: string;
}) {
  if (panel.target === null) return null;
  if (panel.target === 'new') {
    const nextOrder =
      Math.max(0, ...(phrases ?? []).filter((phrase) => phrase.category === category).map((phrase) => phrase.order)) +
      1;
    return <PhraseForm key={`new-${category}`} phrase={null} category={category} nextOrder={nextOrder} panel={panel} />;
  }
  const phrase = phrases?.find((candidate) => candidate.id === panel.target);
  if (!phrase) return <EntityPanel open title="Phrase" onClose={panel.close} loading={loading} error={!loading} />;
  return (
    <PhraseForm key={phrase.id} phrase={phrase} category={phrase.category} nextOrder={phrase.order} panel={panel} />
  );
}
