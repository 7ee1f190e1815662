import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarChart, LineChart } from './charts';

const props = {
  labelTitle: 'Utilisateur',
  labels: ['COM', 'REC'],
  series: [
    { name: 'Abouties', values: [12, 3] },
    { name: 'En retard', values: [1, 0] },
  ],
};

describe('charts', () => {
  it('names the chart and gives its figures as a table, a bar per value', async () => {
    const { container } = render(<BarChart title="Tâches par utilisateur" {...props} />);
    expect(screen.getByRole('img', { name: /Tâches par utilisateur/ })).toBeInTheDocument();
    expect(container.querySelectorAll('rect')).toHaveLength(4);
    await userEvent.click(screen.getByText('Voir les données du graphique en tableau'));
    const table = screen.getByRole('table', { name: 'Tâches par utilisateur' });
    const rows = within(table).getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Utilisateur', 'Abouties', 'En retard'],
      ['COM', '12', '1'],
      ['REC', '3', '0'],
    ]);
    // The tallest bar reaches the axis' top, a round number above the largest value.
    expect(screen.getByText('15')).toBeInTheDocument();
  });

  it('draws a line per series, a point per label, each with its value in a tooltip', () => {
    const { container } = render(<LineChart title="Par mois" {...props} />);
    expect(container.querySelectorAll('polyline')).toHaveLength(2);
    expect(container.querySelectorAll('circle')).toHaveLength(4);
    expect(Array.from(container.querySelectorAll('circle title')).map((title) => title.textContent)).toContain('REC · Abouties : 3');
  });
});
