import { ApiRequestError } from '@bo/client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { TextField } from '../form/inputs';
import { useRecordForm, type RecordSaveCallbacks } from '../panel/use-record-form';
import type { PanelParam } from '../panel/use-panel-param';

jest.setTimeout(30_000);

const schema = z.object({ name: z.string().min(1, 'Entrée requise') });

function Form({
  save,
  panel,
}: {
  save: (name: string, callbacks: RecordSaveCallbacks<{ id: number }>) => void;
  panel: PanelParam;
}) {
  const { form, panelForm } = useRecordForm({
    schema,
    defaultValues: { name: '' },
    fields: ['name'],
    record: null,
    panel,
    save: (payload, _version, callbacks) => save(payload.name, callbacks),
    submitting: false,
  });
  return (
    <form onSubmit={panelForm.onSubmit} noValidate>
      <TextField control={form.control} name="name" label="Nom" />
      <span>{panelForm.dirty ? 'modifié' : 'intact'}</span>
      <button type="submit">Créer</button>
    </form>
  );
}

describe('useRecordForm', () => {
  const panel = () => ({ replace: jest.fn() }) as unknown as PanelParam;

  it('shows a refusal under its field, and once created shows the new record in place of the empty form', async () => {
    const user = userEvent.setup();
    const target = panel();
    let answer: 'refuse' | 'accept' = 'refuse';
    const save = jest.fn((_name: string, callbacks: RecordSaveCallbacks<{ id: number }>) =>
      answer === 'refuse'
        ? callbacks.onError(new ApiRequestError([{ message: 'duplicateName', field: 'name' }], 422))
        : callbacks.onSuccess({ id: 42 }),
    );
    render(<Form save={save} panel={target} />);
    await user.type(screen.getByLabelText(/^Nom/), 'Alpha');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^Nom/)).toHaveAttribute('aria-invalid', 'true');
    expect(target.replace).not.toHaveBeenCalled();
    answer = 'accept';
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(target.replace).toHaveBeenCalledWith(42);
    expect(screen.getByText('intact')).toBeInTheDocument();
  });
});
