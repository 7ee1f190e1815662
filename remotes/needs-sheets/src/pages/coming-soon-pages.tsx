// Placeholders until each page's issue ships its content. Here rather than in './routes', which stays light: this
// module and antd come in a chunk of their own.
import { ComingSoon, PageFrame } from '@bo/ui';

export function NeedsSheetListPage() {
  return (
    <PageFrame path="/fiches-de-besoin">
      <ComingSoon what="Les fiches de besoin" />
    </PageFrame>
  );
}

export function NeedsSheetSearchPage() {
  return (
    <PageFrame path="/fiches-de-besoin/recherche">
      <ComingSoon what="La recherche de fiches" />
    </PageFrame>
  );
}

export function NeedsSheetModelsPage() {
  return (
    <PageFrame path="/fiches-de-besoin/models">
      <ComingSoon what="Les modèles de fiches" />
    </PageFrame>
  );
}

export function NeedsSheetStatusesPage() {
  return (
    <PageFrame path="/fiches-de-besoin/status">
      <ComingSoon what="Les statuts des fiches" />
    </PageFrame>
  );
}
