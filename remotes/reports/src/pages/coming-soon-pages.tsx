// Placeholders until each page's issue ships its content. Here rather than in './routes', which stays light: this
// module and antd come in a chunk of their own.
import { ComingSoon, PageFrame } from '@bo/ui';

export function ContactHistoryReportPage() {
  return (
    <PageFrame path="/rapports/historique-contact">
      <ComingSoon what="L’historique des contacts" />
    </PageFrame>
  );
}

export function DirectoryReportPage() {
  return (
    <PageFrame path="/rapports/annuaire">
      <ComingSoon what="L’annuaire" />
    </PageFrame>
  );
}

export function TasksReportPage() {
  return (
    <PageFrame path="/rapports/taches">
      <ComingSoon what="Le rapport des tâches" />
    </PageFrame>
  );
}

export function StatsReportPage() {
  return (
    <PageFrame path="/rapports/stats">
      <ComingSoon what="Les statistiques" />
    </PageFrame>
  );
}
