import { fields, loginFormSchema, messages, patterns, personTitles } from '@bo/contracts';
import { DatePickerField, PasswordField, TextField, useZodForm } from '@bo/ui/form';
import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { integerText } from './demo-rules';
import { ShowroomLayout } from './showroom-layout';

// Every validation message and pattern (rules.ts in @bo/contracts), one field each, with the contract's own rules.
const validationSchema = z.object({
  companyName: fields.requiredText(100),
  startDate: fields.isoDate(),
  headcount: integerText(1, 50),
  email: fields.email(),
  title: z
    .string()
    .trim()
    .min(1, messages.required)
    .pipe(z.enum(personTitles, { error: messages.invalid })),
  phone: z.string().trim().min(1, messages.required).pipe(fields.phone()),
  registrationId: fields.registrationId(),
  trigram: fields.trigram(),
  colour: z.string().trim().min(1, messages.required).pipe(fields.colour()),
  password: loginFormSchema.shape.password,
});
type ValidationInput = z.input<typeof validationSchema>;
type ValidationName = keyof ValidationInput;

type Case = {
  name: ValidationName;
  heading: string;
  rule: ReactNode;
  pass: string[];
  fail: string[];
};

const cases: Case[] = [
  {
    name: 'companyName',
    heading: 'Champ obligatoire',
    rule: <>Obligatoire : « {messages.required} ».</>,
    pass: ['Groupe Hexalis'],
    fail: ['', '   '],
  },
  {
    name: 'startDate',
    heading: 'Date obligatoire',
    rule: <>Date obligatoire (stockée yyyy-MM-dd) : « {messages.dateRequired} ».</>,
    pass: ['2026-12-01'],
    fail: [''],
  },
  {
    name: 'headcount',
    heading: 'Nombre, minimum et maximum',
    rule: (
      <>
        Un nombre : « {messages.number} » ; entier de 1 à 50 (min et max) : « {messages.invalid} ».
      </>
    ),
    pass: ['3', '50'],
    fail: ['trois', '0', '51'],
  },
  {
    name: 'email',
    heading: 'Adresse email',
    rule: <>Adresse email : « {messages.email} ».</>,
    pass: ['claire.dubois@hexalis.fr'],
    fail: ['claire.dubois@', 'claire dubois'],
  },
  {
    name: 'title',
    heading: 'Valeur d’une liste (énumération)',
    rule: (
      <>
        Une valeur de la liste ({personTitles.join(', ')}) : « {messages.invalid} ».
      </>
    ),
    pass: ['madam', 'mister'],
    fail: ['madame', 'docteur'],
  },
  {
    name: 'phone',
    heading: 'Téléphone français (0033…)',
    rule: (
      <>
        0033, un chiffre non nul, quatre paires de chiffres, espaces facultatifs (<code>{String(patterns.phone)}</code>)
        : « {messages.invalid} ».
      </>
    ),
    pass: ['0033 6 12 34 56 78', '0033472123456'],
    fail: ['06 12 34 56 78', '0033 0 12 34 56 78', '+33 6 12 34 56 78'],
  },
  {
    name: 'registrationId',
    heading: 'SIRET (14 chiffres, clé de Luhn)',
    rule: <>Exactement 14 chiffres et clé de Luhn correcte : « {messages.invalid} ».</>,
    pass: ['73282932000074', '55210055400013'],
    fail: ['73282932000075', '7328293200007', '7328293200007A'],
  },
  {
    name: 'trigram',
    heading: 'Trigramme (3 lettres)',
    rule: (
      <>
        Exactement 3 lettres : « {messages.trigramRequired} » si vide, « {messages.trigramInvalid} » sinon.
      </>
    ),
    pass: ['DIR', 'com'],
    fail: ['A1B', 'ABCD', ''],
  },
  {
    name: 'colour',
    heading: 'Couleur (#rrggbb)',
    rule: (
      <>
        « # » suivi de 6 chiffres hexadécimaux en minuscules (<code>{String(patterns.colour)}</code>) : «{' '}
        {messages.invalid} ».
      </>
    ),
    pass: ['#1677ff', '#a8071a'],
    fail: ['#1677FF', '#16f', 'bleu'],
  },
  {
    name: 'password',
    heading: 'Mot de passe (connexion)',
    rule: <>Mot de passe obligatoire : « {messages.passwordRequired} ».</>,
    pass: ['Bienvenue-2026'],
    fail: [''],
  },
];

const labels: Record<ValidationName, string> = {
  companyName: 'Raison sociale',
  startDate: 'Date de démarrage',
  headcount: 'Nombre de postes',
  email: 'Email du contact',
  title: 'Code de civilité',
  phone: 'Téléphone',
  registrationId: 'SIRET',
  trigram: 'Trigramme',
  colour: 'Couleur',
  password: 'Mot de passe',
};

function exampleText(value: string) {
  return value === '' ? '(vide)' : value.trim() === '' ? '(espaces)' : value;
}

export function ValidationPage() {
  const form = useZodForm(
    validationSchema,
    {
      companyName: '',
      startDate: '',
      headcount: '',
      email: '',
      title: '',
      phone: '',
      registrationId: '',
      trigram: '',
      colour: '',
      password: '',
    },
    // Each field is checked as it changes: type a value and read the verdict at once.
    { mode: 'onChange' },
  );
  const { control } = form;
  const values = form.watch();

  function fill(name: ValidationName, value: string) {
    form.setValue(name, value, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
  }

  function field(name: ValidationName) {
    const label = labels[name];
    if (name === 'startDate') return <DatePickerField control={control} name={name} label={label} />;
    if (name === 'password') return <PasswordField control={control} name={name} label={label} autoComplete="off" />;
    return <TextField control={control} name={name} label={label} required autoComplete="off" />;
  }

  return (
    <ShowroomLayout page="validation">
      <p>
        Cliquez sur un exemple pour remplir le champ, ou tapez une valeur : le message s’affiche sous le champ dès la
        saisie. « Tout vérifier » contrôle les champs encore vides.
      </p>
      <form noValidate onSubmit={form.handleSubmit(() => undefined)} className="bo-validation">
        {cases.map((item) => {
          const state = form.getFieldState(item.name, form.formState);
          const accepted = state.isDirty && !state.invalid && values[item.name] !== '';
          return (
            <section key={item.name} className="bo-validation__case" aria-labelledby={`case-${item.name}`}>
              <h2 className="bo-validation__title" id={`case-${item.name}`}>
                {item.heading}
              </h2>
              <p className="bo-validation__rule">{item.rule}</p>
              {field(item.name)}
              <p className="bo-validation__verdict" aria-live="polite">
                {accepted ? <Tag color="green">Valeur acceptée</Tag> : null}
              </p>
              <div className="bo-validation__examples">
                <span className="bo-validation__examples-label">Valides :</span>
                {item.pass.map((value) => (
                  <Button
                    key={`ok-${value}`}
                    size="small"
                    className="bo-example bo-example--pass"
                    aria-label={`Exemple valide pour ${labels[item.name]} : ${exampleText(value)}`}
                    onClick={() => fill(item.name, value)}
                  >
                    {exampleText(value)}
                  </Button>
                ))}
                <span className="bo-validation__examples-label">Invalides :</span>
                {item.fail.map((value) => (
                  <Button
                    key={`ko-${value}`}
                    size="small"
                    className="bo-example bo-example--fail"
                    aria-label={`Exemple invalide pour ${labels[item.name]} : ${exampleText(value)}`}
                    onClick={() => fill(item.name, value)}
                  >
                    {exampleText(value)}
                  </Button>
                ))}
              </div>
            </section>
          );
        })}
        <div className="bo-demo-form__actions">
          <Button type="primary" htmlType="submit">
            Tout vérifier
          </Button>
          <Button onClick={() => form.reset()}>Tout effacer</Button>
        </div>
      </form>
    </ShowroomLayout>
  );
}
