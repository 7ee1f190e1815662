// Placeholders until each page's issue ships its content. Here rather than in './routes', which stays light: this
// module and antd come in a chunk of their own.
import { ComingSoon, PageFrame } from '@bo/ui';

export function UserListPage() {
  return (
    <PageFrame path="/liste-utilisateurs">
      <ComingSoon what="La liste des utilisateurs" />
    </PageFrame>
  );
}
