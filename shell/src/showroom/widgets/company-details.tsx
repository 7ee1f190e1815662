import { formatRegistrationId } from '@bo/contracts';
import type { CompanyDetail, CompanySummary } from '@bo/contracts/records';
import { Card, Descriptions, Empty, Tag } from 'antd';
import type { ReactNode } from 'react';
import { ContactCard } from './contact-card';

// How a company is shown read-only: identity (SIRET, address, sector), its parent, its subsidiaries and its
// contacts. `companyLink` turns a related company's name into a link of the remote's choosing.
export function CompanyDetails({
  company,
  companyLink = (related) => related.name,
}: {
  company: CompanyDetail;
  companyLink?: (company: CompanySummary) => ReactNode;
}) {
  const address = [company.address, [company.postalCode, company.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <article className="bo-object bo-company" aria-labelledby={`bo-company-${company.id}`}>
      <Card
        title={
          <h2 className="bo-object__title" id={`bo-company-${company.id}`}>
            {company.name}
          </h2>
        }
        extra={<Tag color={company.isActive ? 'green' : 'default'}>{company.isActive ? 'Active' : 'Inactive'}</Tag>}
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            {
              key: 'siret',
              label: 'SIRET',
              children: <span className="bo-mono">{formatRegistrationId(company.registrationId)}</span>,
            },
            { key: 'sector', label: 'Secteur', children: company.sector ?? 'Non renseigné' },
            { key: 'address', label: 'Adresse', children: address || 'Non renseignée' },
            {
              key: 'owner',
              label: 'Responsable',
              children: company.owner
                ? `${company.owner.firstName} ${company.owner.lastName} (${company.owner.trigram})`
                : 'Aucun',
            },
            {
              key: 'parent',
              label: 'Société mère',
              children: company.parent ? companyLink(company.parent) : 'Aucune (société tête de groupe)',
            },
          ]}
        />
      </Card>

      <section className="bo-object__section" aria-labelledby={`bo-company-${company.id}-subsidiaries`}>
        <h3 id={`bo-company-${company.id}-subsidiaries`} className="bo-object__subtitle">
          Filiales ({company.subsidiaries.length})
        </h3>
        {company.subsidiaries.length === 0 ? (
          <Empty description="Aucune filiale" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="bo-object__list">
            {company.subsidiaries.map((subsidiary) => (
              <li key={subsidiary.id} className="bo-object__list-item">
                <span className="bo-object__list-name">{companyLink(subsidiary)}</span>
                <span className="bo-mono">{formatRegistrationId(subsidiary.registrationId)}</span>
                <span>{subsidiary.city ?? ''}</span>
                {!subsidiary.isActive && <Tag>Inactive</Tag>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="bo-object__section" aria-labelledby={`bo-company-${company.id}-contacts`}>
        <h3 id={`bo-company-${company.id}-contacts`} className="bo-object__subtitle">
          Contacts ({company.contacts.length})
        </h3>
        {company.contacts.length === 0 ? (
          <Empty description="Aucun contact" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div className="bo-object__grid">
            {company.contacts.map((contact) => (
              <ContactCard key={contact.id} contact={contact} headingLevel={4} />
            ))}
          </div>
        )}
      </section>
    </article>
  );
}
