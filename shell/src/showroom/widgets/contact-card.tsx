import { contactName, personTitleLabels } from '@bo/contracts';
import type { ContactDetail } from '@bo/contracts/records';
import { Card, Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { EmailLink, PhoneLink } from '@bo/ui';

// How a contact is shown read-only: who they are, where they work, how to reach them. `headingLevel` lets
// the card sit under a page title (h2) or inside a company (h3).
export function ContactCard({
  contact,
  headingLevel = 2,
  actions,
}: {
  contact: ContactDetail;
  headingLevel?: 2 | 3 | 4;
  actions?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const name = contactName(contact);
  return (
    <Card
      className="bo-object bo-contact-card"
      role="article"
      aria-label={`Contact : ${name}`}
      title={
        <Heading className="bo-object__title">
          {personTitleLabels[contact.title]} {name}
        </Heading>
      }
      extra={
        <Tag color={contact.isActive ? 'green' : 'default'} className="bo-object__status">
          {contact.isActive ? 'Actif' : 'En veille'}
        </Tag>
      }
      actions={actions ? [actions] : undefined}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'job', label: 'Fonction', children: contact.jobTitle ?? 'Non renseignée' },
          { key: 'company', label: 'Société', children: contact.company?.name ?? 'Sans société' },
          {
            key: 'email',
            label: 'Email',
            children: contact.email ? <EmailLink email={contact.email} /> : 'Non renseigné',
          },
          {
            key: 'phone',
            label: 'Téléphone',
            children: contact.phone ? <PhoneLink phone={contact.phone} /> : 'Non renseigné',
          },
        ]}
      />
    </Card>
  );
}
