import { type AdminUser } from '@bo/contracts/records';
import { FormModal } from '@bo/ui';
import { Select } from 'antd';
import { useId, useState } from 'react';
import { useMoveTeam } from '../api/users';

const NO_LEADER = 0;

// Gives every team member of a leader to another active business leader (or to none), before the leader leaves.
export function MoveTeamDialog({ open, leader, users, onClose }: { open: boolean; leader: AdminUser; users: AdminUser[]; onClose: () => void }) {
  const id = `bo-move-team-${useId().replace(/:/g, '')}`;
  const move = useMoveTeam(leader.id);
  const [leaderId, setLeaderId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = [
    { value: NO_LEADER, label: 'Aucun responsable' },
    ...users
      .filter((user) => user.isActive && user.role.businessLeader && user.id !== leader.id)
      .map((user) => ({ value: user.id, label: `${user.trigram} – ${user.firstName} ${user.lastName}` })),
  ];
  return (
    <FormModal
      open={open}
      title={`Changer le responsable des membres de l’équipe de ${leader.trigram}`}
      submitLabel="Rattacher"
      submitting={move.isPending}
      onCancel={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (leaderId === null) {
          setError('Entrée requise');
          return;
        }
        move.mutate(leaderId === NO_LEADER ? null : leaderId, { onSuccess: onClose });
      }}
    >
      <div className={`bo-field${error ? ' bo-field--error' : ''}`}>
        <label className="bo-field__label" htmlFor={id}>
          Nouveau responsable
        </label>
        <Select
          id={id}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={leaderId ?? undefined}
          onChange={(value: number) => {
            setLeaderId(value);
            setError(null);
          }}
          options={options}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          notFoundContent="Aucune correspondance"
        />
        <div className="bo-field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
          {error ?? ''}
        </div>
      </div>
    </FormModal>
  );
}
