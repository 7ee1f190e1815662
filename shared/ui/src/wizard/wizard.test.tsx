import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Wizard, type WizardStep } from './wizard';

function steps(validFirst: () => boolean): WizardStep[] {
  return [
    {
      key: 'client',
      title: 'Client',
      validate: validFirst,
      content: (
        <label>
          Société <input />
        </label>
      ),
    },
    { key: 'need', title: 'Besoin', content: <p>Le besoin</p> },
    { key: 'summary', title: 'Récapitulatif', content: <p>Tout est prêt</p> },
  ];
}

// The primary button shows a spinner while a step validates: wait until it is idle again.
async function press(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
}

describe('Wizard', () => {
  it('stays on a step that does not validate, then walks forward and back', async () => {
    let valid = false;
    const onFinish = jest.fn();
    const onStepChange = jest.fn();
    render(
      <Wizard label="Nouvelle fiche" steps={steps(() => valid)} onFinish={onFinish} onStepChange={onStepChange} />,
    );
    expect(screen.getByRole('heading', { name: 'Étape 1 sur 3 : Client' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();

    await press('Suivant');
    expect(screen.getByRole('heading', { name: 'Étape 1 sur 3 : Client' })).toBeInTheDocument();

    valid = true;
    await press('Suivant');
    const heading = await screen.findByRole('heading', { name: 'Étape 2 sur 3 : Besoin' });
    expect(heading).toHaveFocus();
    expect(onStepChange).toHaveBeenLastCalledWith(1);

    await press('Précédent');
    expect(await screen.findByRole('heading', { name: 'Étape 1 sur 3 : Client' })).toHaveFocus();
    await press('Suivant');
    await press('Suivant');
    expect(await screen.findByText('Tout est prêt')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
    await press('Valider');
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });

  it('sends the step with Entrée in a field', async () => {
    render(<Wizard label="Nouvelle fiche" steps={steps(() => true)} onFinish={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Société' }), 'Hexalis{Enter}');
    expect(await screen.findByRole('heading', { name: 'Étape 2 sur 3 : Besoin' })).toBeInTheDocument();
  });
});
