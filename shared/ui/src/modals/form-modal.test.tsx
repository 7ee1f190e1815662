import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import { useState } from 'react';
import { FormModal, useConfirm } from './form-modal';

jest.setTimeout(20_000);

function FormDemo({ onSubmit, onCancel }: { onSubmit: (value: string) => void; onCancel: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  return (
    <FormModal
      open={open}
      title="Nouveau contact"
      submitLabel="Créer"
      onCancel={() => {
        setOpen(false);
        onCancel();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <label>
        Nom <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
    </FormModal>
  );
}

function ConfirmDemo({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <Button onClick={() => void confirm({ title: 'Supprimer ce contact ?', okText: 'Supprimer' }).then(onAnswer)}>
      Supprimer
    </Button>
  );
}

describe('FormModal', () => {
  it('submits the form from the footer button and from Entrée', async () => {
    const onSubmit = jest.fn();
    render(<FormDemo onSubmit={onSubmit} onCancel={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau contact' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom' }), 'Dubois');
    await userEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(onSubmit).toHaveBeenLastCalledWith('Dubois');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom' }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(dialog).toBeInTheDocument();
  });

  it('closes with Annuler', async () => {
    const onCancel = jest.fn();
    render(<FormDemo onSubmit={() => undefined} onCancel={onCancel} />);
    await screen.findByRole('dialog', { name: 'Nouveau contact' });
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('useConfirm', () => {
  it('resolves true when confirmed and false when cancelled', async () => {
    const onAnswer = jest.fn();
    render(
      <App>
        <ConfirmDemo onAnswer={onAnswer} />
      </App>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await screen.findByRole('dialog', { name: 'Supprimer ce contact ?' });
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));

    await userEvent.click(screen.getAllByRole('button', { name: 'Supprimer' })[0]);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Supprimer' })).toHaveLength(2));
    await userEvent.click(screen.getAllByRole('button', { name: 'Supprimer' })[1]);
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
  });
});
