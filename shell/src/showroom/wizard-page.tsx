import { fields, messages, toWireParams } from '@bo/contracts';
import {
  DatePickerField,
  RadioField,
  SelectField,
  SelectMenuField,
  TextField,
  TextareaField,
  useZodForm,
} from '@bo/ui/form';
import { Wizard, type WizardStep } from '@bo/ui/widgets';
import { Alert, Button, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { integerText } from './demo-rules';
import { searchCompanies, searchSkills } from './showroom-data';
import { ShowroomLayout } from './showroom-layout';

const experienceOptions = [
  { value: 'junior', label: 'Junior (0 à 2 ans)' },
  { value: 'confirmed', label: 'Confirmé (3 à 5 ans)' },
  { value: 'senior', label: 'Senior (6 ans et plus)' },
];

const contactOptions = [
  { value: 'claire-dubois', label: 'Claire Dubois, DRH' },
  { value: 'julien-mercier', label: 'Julien Mercier, DSI' },
  { value: 'helene-rousseau', label: 'Hélène Rousseau, responsable des achats' },
];

const needsSheetSchema = z.object({
  company: z.string({ error: messages.required }).min(1, messages.required),
  contact: z.string({ error: messages.required }).min(1, messages.required),
  title: fields.requiredText(150),
  description: fields.requiredText(5000),
  headcount: integerText(1, 50),
  startDate: fields.isoDate(),
  skills: z.array(z.string(), { error: messages.required }).min(1, messages.required),
  experience: z.enum(['junior', 'confirmed', 'senior'], { error: messages.required }),
});
type NeedsSheetValues = z.output<typeof needsSheetSchema>;

function labelOf(options: { value: string; label: string }[], value: string | undefined) {
  return options.find((option) => option.value === value)?.label ?? '—';
}

export function WizardPage() {
  const [created, setCreated] = useState<Record<string, string | number> | null>(null);
  const form = useZodForm(needsSheetSchema, { title: '', description: '', headcount: '', startDate: '', skills: [] });
  const { control } = form;
  const values = form.watch();

  if (created) {
    return (
      <ShowroomLayout page="Wizard">
        <Alert
          type="success"
          showIcon
          title="Fiche de besoin créée"
          description="Voici ce qui serait envoyé à l’API."
        />
        <pre className="bo-code" aria-label="Valeurs envoyées" tabIndex={0}>
          {JSON.stringify(created, null, 2)}
        </pre>
        <Button
          onClick={() => {
            form.reset();
            setCreated(null);
          }}
        >
          Nouvelle fiche
        </Button>
      </ShowroomLayout>
    );
  }

  const steps: WizardStep[] = [
    {
      key: 'client',
      title: 'Client',
      description: 'Société et contact',
      validate: () => form.trigger(['company', 'contact']),
      content: (
        <>
          <SelectMenuField control={control} name="company" label="Société cliente" required search={searchCompanies} />
          <SelectField
            control={control}
            name="contact"
            label="Contact client"
            required
            options={contactOptions}
            placeholder="Choisir un contact"
          />
        </>
      ),
    },
    {
      key: 'need',
      title: 'Besoin',
      description: 'Poste, nombre, date',
      validate: () => form.trigger(['title', 'description', 'headcount', 'startDate']),
      content: (
        <>
          <TextField control={control} name="title" label="Intitulé du besoin" required />
          <TextareaField control={control} name="description" label="Description" required />
          <TextField control={control} name="headcount" label="Nombre de personnes" required />
          <DatePickerField control={control} name="startDate" label="Date de démarrage" />
        </>
      ),
    },
    {
      key: 'profile',
      title: 'Profil',
      description: 'Compétences, expérience',
      validate: () => form.trigger(['skills', 'experience']),
      content: (
        <>
          <SelectMenuField
            control={control}
            name="skills"
            label="Compétences"
            required
            multiple
            search={searchSkills}
          />
          <RadioField control={control} name="experience" label="Expérience" required options={experienceOptions} />
        </>
      ),
    },
    {
      key: 'summary',
      title: 'Récapitulatif',
      description: 'Vérifier et créer',
      content: (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'company', label: 'Société cliente', children: values.company ?? '—' },
            { key: 'contact', label: 'Contact client', children: labelOf(contactOptions, values.contact) },
            { key: 'title', label: 'Intitulé', children: values.title },
            { key: 'description', label: 'Description', children: values.description },
            { key: 'headcount', label: 'Nombre de personnes', children: values.headcount },
            {
              key: 'startDate',
              label: 'Date de démarrage',
              children: values.startDate ? dayjs(values.startDate).format('DD/MM/YYYY') : '—',
            },
            { key: 'skills', label: 'Compétences', children: (values.skills ?? []).join(', ') },
            { key: 'experience', label: 'Expérience', children: labelOf(experienceOptions, values.experience) },
          ]}
        />
      ),
    },
  ];

  return (
    <ShowroomLayout page="Wizard">
      <div className="bo-demo">
        <Wizard
          label="Nouvelle fiche de besoin"
          steps={steps}
          finishLabel="Créer la fiche"
          onFinish={form.handleSubmit((submitted: NeedsSheetValues) =>
            setCreated(toWireParams({ ...submitted, headcount: Number(submitted.headcount) })),
          )}
        />
      </div>
    </ShowroomLayout>
  );
}
