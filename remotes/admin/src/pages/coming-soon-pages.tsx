// Placeholders until each page's issue ships its content. Here rather than in './routes', which stays light: this
// module and antd come in a chunk of their own.
import { ComingSoon, PageFrame } from '@bo/ui';

export function TaskTypesPage() {
  return (
    <PageFrame path="/gestion-taches">
      <ComingSoon what="La gestion des types de tâches" />
    </PageFrame>
  );
}

export function UserListPage() {
  return (
    <PageFrame path="/liste-utilisateurs">
      <ComingSoon what="La liste des utilisateurs" />
    </PageFrame>
  );
}

export function PhrasesPage() {
  return (
    <PageFrame path="/phrases">
      <ComingSoon what="Les phrases prédéfinies" />
    </PageFrame>
  );
}
