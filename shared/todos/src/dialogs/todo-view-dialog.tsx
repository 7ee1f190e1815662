import { contactName, frenchDate, type Todo } from '@bo/contracts';
import { Button, Descriptions, Modal } from 'antd';

// A todo shown, not edited: a leader reading a member's agenda, or an accomplished todo opened by its link.
export function TodoViewDialog({ todo, onClose }: { todo: Todo | null; onClose: () => void }) {
  const company = todo?.contact.company?.name;
  return (
    <Modal
      open={todo !== null}
      title="Tâche (lecture seule)"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {todo && (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'task', label: 'Tâche', children: todo.task.description },
            {
              key: 'contact',
              label: 'Contact',
              children: `${contactName(todo.contact)}${company ? ` (${company})` : ''}`,
            },
            { key: 'owner', label: 'Responsable', children: todo.owner.trigram },
            { key: 'deadline', label: 'Échéance', children: frenchDate(todo.deadline) },
            {
              key: 'notes',
              label: 'Notes',
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{todo.notes || '—'}</span>,
            },
            {
              key: 'comment',
              label: 'Commentaire',
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{todo.comment || '—'}</span>,
            },
            {
              key: 'state',
              label: 'État',
              children: todo.isAccomplished
                ? `Aboutie${todo.executionDate ? ` le ${frenchDate(todo.executionDate)}` : ''}`
                : 'En cours',
            },
          ]}
        />
      )}
    </Modal>
  );
}
