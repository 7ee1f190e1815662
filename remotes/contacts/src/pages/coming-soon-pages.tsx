// Placeholders until each page's issue ships its content. Here rather than in './routes', which stays light: this
// module and antd come in a chunk of their own.
import { ComingSoon, PageFrame } from '@bo/ui';

export function ContactListPage() {
  return (
    <PageFrame path="/liste-contacts">
      <ComingSoon what="La liste des contacts" />
    </PageFrame>
  );
}
