import type { AdminUser } from '@bo/contracts/records';
import { DataTable } from '@bo/ui/list';
import { userLabel, type PanelParam } from '@bo/ui/records';
import { Button, Card, Empty, Tag } from 'antd';

// The team view: each business leader with their members (inactive ones shown as such), then those without a leader.
export function TeamView({ users, panel }: { users: AdminUser[]; panel: PanelParam }) {
  const leaders = users.filter(
    (user) => user.role.businessLeader || users.some((member) => member.leaderId === user.id),
  );
  const open = (user: AdminUser) => (
    <Button type="link" style={{ padding: 0 }} onClick={() => panel.show(user.id)}>
      {userLabel(user)}
    </Button>
  );
  const unled = users.filter((user) => user.leaderId === null && !leaders.includes(user));
  const teams = [
    ...leaders.map((leader) => ({
      key: String(leader.id),
      title: open(leader),
      label: `Équipe de ${leader.trigram}`,
      leader: leader as AdminUser | null,
      members: users.filter((user) => user.leaderId === leader.id),
    })),
    { key: 'none', title: 'Sans responsable', label: 'Sans responsable', leader: null, members: unled },
  ];
  if (users.length === 0) return <Empty description="Aucun utilisateur" />;
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
      {teams.map((team) => (
        <section key={team.key} aria-label={team.label}>
          <Card
            title={team.title}
            size="small"
            extra={team.leader && !team.leader.isActive ? <Tag>Inactif</Tag> : undefined}
          >
            <DataTable<AdminUser>
              label={`Membres : ${team.label}`}
              rows={team.members}
              rowKey={(member) => member.id}
              emptyText="Aucun membre"
              columns={[
                { key: 'name', title: 'Membre', render: open },
                { key: 'isActive', title: 'Statut', render: (member) => (member.isActive ? null : <Tag>Inactif</Tag>) },
              ]}
            />
          </Card>
        </section>
      ))}
    </div>
  );
}
