import { PrinterOutlined } from '@ant-design/icons';
import { useCan } from '@bo/client';
import { contactName, type DirectoryGroup } from '@bo/contracts/reports';
import { EmailLink, PageFrame, PhoneLink } from '@bo/ui';
import { ListView, type ListColumn } from '@bo/ui/list';
import { Button } from 'antd';
import { directoryQueryOptions, exportDirectory } from '../api/directory';

// A group as a tree: the head, then each subsidiary under its parent (indented by depth), each with its contacts.
function GroupTree({ group }: { group: DirectoryGroup }) {
  return (
    <ul className="bo-directory" aria-label={`Groupe ${group.name}`}>
      {group.companies.map((company) => (
        <li key={company.id} className="bo-directory__company" style={{ marginLeft: company.depth * 24 }}>
          <div className={company.depth === 0 ? 'bo-directory__head' : 'bo-directory__name'}>
            {company.depth > 0 && <span aria-hidden="true">└ </span>}
            <span>{company.name}</span>
            {company.city && <span className="bo-count"> · {company.city}</span>}
            {company.depth > 0 && <span className="bo-sr-only"> (filiale)</span>}
          </div>
          {company.contacts.length > 0 && (
            <ul className="bo-directory__contacts" aria-label={`Contacts de ${company.name}`}>
              {company.contacts.map((contact) => (
                <li key={contact.id} className="bo-directory__contact">
                  <span className="bo-directory__person">{contactName(contact)}</span>
                  {contact.jobTitle && <span className="bo-count">{contact.jobTitle}</span>}
                  <PhoneLink phone={contact.phone} />
                  <EmailLink email={contact.email} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

const columns: ListColumn<DirectoryGroup>[] = [
  {
    key: 'name',
    title: 'Groupes, filiales et contacts actifs',
    render: (group) => <GroupTree group={group} />,
    value: (group) => group.name,
  },
];

// /rapports/annuaire: every active company with its subsidiaries and active contacts, groups first, a page of
// groups at a time; search on names, cities and contacts.
export function DirectoryPage() {
  const canExport = useCan('report', 'export');
  return (
    <PageFrame
      path="/rapports/annuaire"
      actions={
        <Button className="bo-no-print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          Imprimer
        </Button>
      }
    >
      <ListView
        label="Annuaire"
        columns={columns}
        search={{ label: 'Rechercher', placeholder: 'Société, ville ou nom d’un contact' }}
        queryOptions={directoryQueryOptions}
        rowKey={(group) => group.id}
        countLabel={(total) => `${total.toLocaleString('fr-FR')} groupe${total > 1 ? 's' : ''}`}
        emptyText="Aucune société ni aucun contact ne correspond à cette recherche"
        loadingText="Chargement de l’annuaire…"
        exportFileName={canExport ? 'annuaire.csv' : undefined}
        serverExport={canExport ? exportDirectory : undefined}
      />
    </PageFrame>
  );
}
