import { ReorderableTable } from '@bo/ui/list';
import { Tag } from 'antd';
import { useState } from 'react';
import { DemoSection, ShowroomLayout } from './showroom-layout';

type Priority = { id: number; need: string; client: string; openings: number; urgent: boolean };

const initialPriorities: Priority[] = [
  { id: 1, need: 'Développeur React confirmé', client: 'Banque du Rhône', openings: 2, urgent: true },
  { id: 2, need: 'Chef de projet SAP FI/CO', client: 'Ferrand Industrie', openings: 1, urgent: false },
  { id: 3, need: 'Ingénieur DevOps Kubernetes', client: 'Quai des Données', openings: 3, urgent: true },
  { id: 4, need: 'Consultante paie', client: 'Océane Mutuelle', openings: 1, urgent: false },
  { id: 5, need: 'Architecte cybersécurité', client: 'Tellis Énergie', openings: 1, urgent: false },
  { id: 6, need: 'Data engineer Python', client: 'Valmont Pharma', openings: 2, urgent: false },
];

export function ArrayDragPage() {
  const [rows, setRows] = useState(initialPriorities);
  return (
    <ShowroomLayout page="array/drag">
      <DemoSection id="array-drag" title="Priorités de recrutement de la semaine">
        <p className="bo-demo__hint">
          Glissez une ligne à sa nouvelle place, ou utilisez les boutons ↑ / ↓ de la colonne « Déplacer » (Tab puis
          Entrée).
        </p>
        <ReorderableTable
          label="Priorités de recrutement"
          rows={rows}
          onRowsReorder={setRows}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.need}
          columns={[
            { key: 'rank', title: 'Rang', render: (row) => rows.indexOf(row) + 1 },
            { key: 'need', title: 'Besoin' },
            { key: 'client', title: 'Client' },
            { key: 'openings', title: 'Postes', align: 'right' },
            {
              key: 'urgent',
              title: 'Urgence',
              render: (row) => (row.urgent ? <Tag color="red">Urgent</Tag> : <Tag>Normal</Tag>),
            },
          ]}
        />
        <p>
          Ordre actuel : <span data-testid="priority-order">{rows.map((row) => row.id).join(', ')}</span>
        </p>
      </DemoSection>
    </ShowroomLayout>
  );
}
