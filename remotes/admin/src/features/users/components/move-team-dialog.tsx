import { type AdminUser } from '@bo/contracts/records';
import { UserPickerDialog } from '@bo/ui/records';
import { useMoveTeam } from '../api/users';

const NO_LEADER = 0;

// Gives every team member of a leader to another active business leader (or to none), before the leader leaves.
export function MoveTeamDialog({
  open,
  leader,
  users,
  onClose,
}: {
  open: boolean;
  leader: AdminUser;
  users: AdminUser[];
  onClose: () => void;
}) {
  const move = useMoveTeam(leader.id);
  const options = [
    { value: NO_LEADER, label: 'Aucun responsable' },
    ...users
      .filter((user) => user.isActive && user.role.businessLeader && user.id !== leader.id)
      .map((user) => ({ value: user.id, label: `${user.trigram} – ${user.firstName} ${user.lastName}` })),
  ];
  return (
    <UserPickerDialog
      open={open}
      title={`Changer le responsable des membres de l’équipe de ${leader.trigram}`}
      label="Nouveau responsable"
      submitLabel="Rattacher"
      submitting={move.isPending}
      options={options}
      onCancel={onClose}
      onPick={(leaderId) => move.mutate(leaderId === NO_LEADER ? null : leaderId, { onSuccess: onClose })}
    />
  );
}
