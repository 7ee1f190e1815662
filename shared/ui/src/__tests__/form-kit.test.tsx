import { fields, loginFormSchema } from '@bo/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { CheckboxField, DatePickerField, PasswordField, SwitchField, TextField, TextareaField } from '../form';
import { useZodForm } from '../form/use-zod-form';

function LoginLikeForm({ onValid }: { onValid: (values: z.output<typeof loginFormSchema>) => void }) {
  const form = useZodForm(loginFormSchema, { trigram: '', password: '', save: false });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <TextField control={form.control} name="trigram" label="Trigramme" required />
      <PasswordField control={form.control} name="password" label="Mot de passe" />
      <SwitchField
        control={form.control}
        name="save"
        label="Se souvenir de moi"
        onLabel="Enregistrer"
        offLabel="Ne pas enregistrer"
      />
      <button type="submit">Valider</button>
    </form>
  );
}

describe('form kit', () => {
  it('shows each field’s message under it and links it for screen readers', async () => {
    const onValid = jest.fn();
    render(<LoginLikeForm onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Trigramme requis')).toBeInTheDocument();
    expect(screen.getByText('Merci de saisir votre mot de passe')).toBeInTheDocument();
    const trigram = screen.getByLabelText(/Trigramme/);
    expect(trigram).toHaveAttribute('aria-invalid', 'true');
    expect(trigram).toHaveAccessibleDescription('Trigramme requis');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits typed values and shows the switch state in words', async () => {
    const onValid = jest.fn();
    render(<LoginLikeForm onValid={onValid} />);
    expect(screen.getByText('Ne pas enregistrer')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Trigramme/), 'dir');
    await userEvent.type(screen.getByLabelText(/Mot de passe/), 'secret');
    await userEvent.click(screen.getByRole('switch', { name: 'Se souvenir de moi' }));
    expect(screen.getByText('Enregistrer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onValid).toHaveBeenCalledWith({ trigram: 'dir', password: 'secret', save: true }, expect.anything());
  });

  it('asks for a date and a required text', async () => {
    const schema = z.object({ deadline: fields.isoDate(), notes: fields.requiredText(), done: z.boolean() });
    function DateForm() {
      const form = useZodForm(schema, { deadline: '', notes: '', done: false });
      return (
        <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
          <DatePickerField control={form.control} name="deadline" label="Échéance" />
          <TextareaField control={form.control} name="notes" label="Notes" required />
          <CheckboxField control={form.control} name="done" label="Aboutie" />
          <button type="submit">Valider</button>
        </form>
      );
    }
    render(<DateForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Date requise')).toBeInTheDocument();
    expect(screen.getByText('Entrée requise')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Aboutie' })).not.toBeChecked();
  });
});

describe('date field', () => {
  const schema = z.object({ deadline: fields.isoDate() });
  function DateForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
    const form = useZodForm(schema, { deadline: '2026-11-27' });
    return (
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <DatePickerField control={form.control} name="deadline" label="Échéance" />
        <button type="submit">Valider</button>
      </form>
    );
  }

  it('takes a date typed day first on Enter, and says under the field when it is no date', async () => {
    const onValid = jest.fn();
    render(<DateForm onValid={onValid} />);
    const field = screen.getByLabelText(/Échéance/);
    await userEvent.clear(field);
    await userEvent.type(field, '31/02/2026{Enter}');
    expect(await screen.findByText(/Date non valide : saisissez-la en jj\/mm\/aaaa/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onValid).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '03122026{Enter}');
    expect(field).toHaveValue('03/12/2026');
    expect(screen.queryByText(/Date non valide/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onValid).toHaveBeenCalledWith({ deadline: '2026-12-03' }, expect.anything());
  });
});
