import { useCurrentUser } from '@bo/client';
import { formatPhone, personTitleLabels, roleLabels, roleNames } from '@bo/contracts';
import { PageFrame } from '@bo/ui';
import { Descriptions } from 'antd';

export function MyAccountPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <PageFrame path="/mon-compte">
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'trigram', label: 'Trigramme', children: user.trigram },
          {
            key: 'name',
            label: 'Nom',
            children: `${personTitleLabels[user.title]} ${user.firstName} ${user.lastName}`,
          },
          { key: 'email', label: 'Adresse email', children: user.email },
          { key: 'phone', label: 'Téléphone', children: user.phone ? formatPhone(user.phone) : '—' },
          {
            key: 'roles',
            label: 'Rôles',
            children: roleNames
              .filter((name) => user.role[name])
              .map((name) => roleLabels[name])
              .join(', '),
          },
        ]}
      />
    </PageFrame>
  );
}
