import type { CompanyDetail, ContactDetail } from '@bo/contracts/records';
import { render, screen, within } from '@testing-library/react';
import { CompanyDetails } from './company-details';
import { ContactCard } from './contact-card';

const contact: ContactDetail = {
  id: 1,
  title: 'madam',
  firstName: 'Claire',
  lastName: 'Dubois',
  jobTitle: 'Directrice des ressources humaines',
  company: { id: 7, name: 'Groupe Hexalis' },
  ownerId: 2,
  isActive: true,
  email: 'claire.dubois@hexalis.fr',
  phone: '0033472123456',
};

const company: CompanyDetail = {
  id: 7,
  name: 'Groupe Hexalis',
  registrationId: '73282932000074',
  city: 'Lyon',
  isActive: true,
  address: '12 quai Saint-Antoine',
  postalCode: '69002',
  sector: 'Industrie',
  parent: null,
  owner: { id: 2, trigram: 'DIR', firstName: 'Sophie', lastName: 'Morel' },
  subsidiaries: [
    { id: 8, name: 'Hexalis Services', registrationId: '40483304800022', city: 'Villeurbanne', isActive: false },
  ],
  contacts: [contact],
};

describe('ContactCard', () => {
  it('shows the person, the company and clickable ways to reach them', () => {
    render(<ContactCard contact={contact} />);
    const card = screen.getByRole('article', { name: 'Contact : Claire Dubois' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Madame Claire Dubois' })).toBeInTheDocument();
    expect(within(card).getByText('Actif')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '0033 4 72 12 34 56' })).toHaveAttribute('href', 'tel:+33472123456');
    expect(within(card).getByRole('link', { name: 'claire.dubois@hexalis.fr' })).toHaveAttribute(
      'href',
      'mailto:claire.dubois@hexalis.fr',
    );
  });

  it('says what is missing rather than leaving blanks', () => {
    render(
      <ContactCard
        contact={{ ...contact, email: null, phone: null, jobTitle: null, company: null, isActive: false }}
      />,
    );
    expect(screen.getByText('En veille')).toBeInTheDocument();
    expect(screen.getByText('Sans société')).toBeInTheDocument();
    expect(screen.getAllByText('Non renseigné')).toHaveLength(2);
  });
});

describe('CompanyDetails', () => {
  it('shows the SIRET French style, the address, the subsidiaries and the contacts', () => {
    render(
      <CompanyDetails
        company={company}
        companyLink={(related) => <a href={`/societes/${related.id}`}>{related.name}</a>}
      />,
    );
    const details = screen.getByRole('article', { name: 'Groupe Hexalis' });
    expect(within(details).getByText('732 829 320 00074')).toBeInTheDocument();
    expect(within(details).getByText('12 quai Saint-Antoine, 69002 Lyon')).toBeInTheDocument();
    expect(within(details).getByText('Aucune (société tête de groupe)')).toBeInTheDocument();
    expect(within(details).getByRole('heading', { name: 'Filiales (1)' })).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Hexalis Services' })).toHaveAttribute('href', '/societes/8');
    expect(within(details).getByText('Inactive')).toBeInTheDocument();
    expect(within(details).getByRole('heading', { level: 4, name: 'Madame Claire Dubois' })).toBeInTheDocument();
  });

  it('shows the parent of a subsidiary and empty lists in words', () => {
    render(
      <CompanyDetails company={{ ...company, parent: company.subsidiaries[0], subsidiaries: [], contacts: [] }} />,
    );
    expect(screen.getByText('Hexalis Services')).toBeInTheDocument();
    expect(screen.getByText('Aucune filiale')).toBeInTheDocument();
    expect(screen.getByText('Aucun contact')).toBeInTheDocument();
  });
});
