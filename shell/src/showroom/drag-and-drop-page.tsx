import { formatPhone } from '@bo/contracts';
import { DragBoard, type BoardList } from './widgets/drag-board';
import { useState } from 'react';
import { DemoSection, ShowroomLayout } from './showroom-layout';

type CallItem = { id: number; name: string; company: string; phone: string };

const initialLists: BoardList<CallItem>[] = [
  {
    id: 'a-appeler',
    title: 'À appeler',
    items: [
      { id: 1, name: 'Claire Dubois', company: 'Groupe Hexalis', phone: '0033472123456' },
      { id: 2, name: 'Julien Mercier', company: 'Banque du Rhône', phone: '0033612345678' },
      { id: 3, name: 'Inès Garcia', company: 'Océane Mutuelle', phone: '0033240556677' },
      { id: 4, name: 'Olivier Faure', company: 'Tellis Énergie', phone: '0033145678901' },
    ],
  },
  {
    id: 'en-cours',
    title: 'En cours',
    items: [{ id: 5, name: 'Sophie Laurent', company: 'Quai des Données', phone: '0033788990011' }],
  },
  { id: 'termine', title: 'Terminé', items: [] },
];

export function DragAndDropPage() {
  const [lists, setLists] = useState(initialLists);
  return (
    <ShowroomLayout page="drag-and-drop">
      <DemoSection id="dnd-calls" title="Appels de la journée">
        <p className="bo-demo__hint">
          Souris : glissez une carte vers une autre liste. Clavier : Tab jusqu’à une carte, Entrée pour la prendre, ← →
          pour changer de liste, ↑ ↓ pour changer de place, Entrée ou Échap pour la poser. Les boutons au-dessus
          déplacent la carte sélectionnée.
        </p>
        <DragBoard
          label="Appels de la journée"
          lists={lists}
          onChange={setLists}
          itemLabel={(item) => item.name}
          renderItem={(item) => (
            <>
              <strong className="bo-board__item-name">{item.name}</strong>
              <span className="bo-board__item-meta">{item.company}</span>
              <span className="bo-board__item-meta">{formatPhone(item.phone)}</span>
            </>
          )}
        />
      </DemoSection>
    </ShowroomLayout>
  );
}
