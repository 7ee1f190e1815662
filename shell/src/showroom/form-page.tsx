import { fields, messages, personTitleLabels, personTitles, toWireParams } from '@bo/contracts';
import {
  CheckboxField,
  DatePickerField,
  HiddenField,
  PasswordField,
  RadioField,
  SelectField,
  SelectMenuField,
  SwitchField,
  TextField,
  TextareaField,
  useZodForm,
} from '@bo/ui/form';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { DemoSection, ShowroomLayout } from './showroom-layout';
import { searchCompanies, searchSkills } from './showroom-data';

const contractTypes = [
  { value: 'cdi', label: 'CDI' },
  { value: 'cdd', label: 'CDD' },
  { value: 'freelance', label: 'Freelance' },
];

// One rule per field, with the form messages of the contracts (rules.ts).
const demoFormSchema = z.object({
  needsSheetId: z.string(),
  title: z.enum(personTitles, { error: messages.required }),
  lastName: fields.requiredText(100),
  email: fields.email(),
  password: z.string({ error: messages.required }).min(1, messages.required),
  meetingAt: z
    .string({ error: messages.dateRequired })
    .min(1, messages.dateRequired)
    .refine((value) => dayjs(value).isValid(), messages.invalid),
  company: z.string({ error: messages.required }).min(1, messages.required),
  skills: z.array(z.string(), { error: messages.required }).min(1, messages.required),
  contractType: z.enum(['cdi', 'cdd', 'freelance'], { error: messages.required }),
  remote: z.boolean(),
  consent: z.boolean().refine((value) => value, messages.required),
  notes: fields.requiredText(2000),
});
type DemoFormValues = z.output<typeof demoFormSchema>;

// What the API client sends (the wire forms of wire.ts in @bo/contracts): the date-time as a Date becomes Unix seconds, booleans
// 0/1, the skills list a JSON string.
export function toDemoWire(values: DemoFormValues) {
  return toWireParams({ ...values, meetingAt: dayjs(values.meetingAt).toDate() });
}

export function FormPage() {
  const [sent, setSent] = useState<ReturnType<typeof toDemoWire> | null>(null);
  const form = useZodForm(demoFormSchema, {
    needsSheetId: '4812',
    lastName: '',
    email: '',
    password: '',
    meetingAt: '',
    skills: [],
    remote: false,
    consent: false,
    notes: '',
  });
  const { control } = form;

  return (
    <ShowroomLayout page="form">
      <DemoSection id="form-demo" title="Rendez-vous de qualification">
        <form
          className="bo-demo-form"
          noValidate
          onSubmit={form.handleSubmit((values) => setSent(toDemoWire(values)))}
          aria-labelledby="form-demo"
        >
          <HiddenField control={control} name="needsSheetId" />
          <div className="bo-demo-form__grid">
            <SelectField
              control={control}
              name="title"
              label="Civilité (select)"
              required
              options={personTitles.map((value) => ({ value, label: personTitleLabels[value] }))}
              placeholder="Choisir"
            />
            <TextField control={control} name="lastName" label="Nom du candidat (text)" required autoComplete="off" />
            <TextField
              control={control}
              name="email"
              label="Email (text, type email)"
              type="email"
              required
              autoComplete="off"
            />
            <PasswordField
              control={control}
              name="password"
              label="Mot de passe de l’espace candidat (password)"
              autoComplete="new-password"
            />
            <DatePickerField
              control={control}
              name="meetingAt"
              label="Date et heure du rendez-vous (datePicker)"
              withTime
            />
            <SelectMenuField
              control={control}
              name="company"
              label="Société cliente (selectMenu)"
              required
              search={searchCompanies}
            />
            <SelectMenuField
              control={control}
              name="skills"
              label="Compétences (selectMenu multiple)"
              required
              multiple
              search={searchSkills}
            />
            <RadioField
              control={control}
              name="contractType"
              label="Type de contrat (radio)"
              required
              options={contractTypes}
            />
            <SwitchField
              control={control}
              name="remote"
              label="Télétravail possible (switch)"
              onLabel="Oui"
              offLabel="Non"
            />
            <CheckboxField
              control={control}
              name="consent"
              label="Le candidat accepte le traitement de ses données (checkbox)"
            />
          </div>
          <TextareaField control={control} name="notes" label="Notes de l’entretien (textarea)" required />
          <div className="bo-demo-form__actions">
            <Button type="primary" htmlType="submit">
              Envoyer
            </Button>
            <Button
              onClick={() => {
                form.reset();
                setSent(null);
              }}
            >
              Réinitialiser
            </Button>
          </div>
        </form>
      </DemoSection>
      <DemoSection id="form-wire" title="Valeurs envoyées sur le réseau">
        {sent ? (
          <>
            <p>Booléens en 0/1, dates en secondes Unix, objets et listes en chaînes JSON (toWireParams).</p>
            <pre className="bo-code" aria-label="Valeurs envoyées" tabIndex={0}>
              {JSON.stringify(sent, null, 2)}
            </pre>
          </>
        ) : (
          <p className="bo-demo__hint">Rien n’a encore été envoyé : remplissez le formulaire puis « Envoyer ».</p>
        )}
      </DemoSection>
    </ShowroomLayout>
  );
}
