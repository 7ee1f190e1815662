import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarChart } from './charts';

// Chart.js's chunk failing to download (a deploy in progress, a network cut): as if its module threw when loaded.
jest.mock('./chart-canvas', () => {
  throw new Error('Loading chunk chart-canvas failed.');
});

it('keeps the page and the figures as a table when the charting library cannot be downloaded', async () => {
  render(
    <BarChart
      title="Tâches par utilisateur"
      labelTitle="Utilisateur"
      labels={['COM']}
      series={[{ name: 'Abouties', values: [12] }]}
    />,
  );
  await screen.findByText('Le graphique n’a pas pu être chargé : ses données sont dans le tableau ci-dessous.');
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  await userEvent.click(screen.getByText('Voir les données du graphique en tableau'));
  expect(screen.getByRole('table', { name: 'Tâches par utilisateur' })).toHaveTextContent('COM12');
});
