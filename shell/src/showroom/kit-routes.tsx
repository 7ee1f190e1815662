import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';

// The showroom pages of the shared UI kit, each loaded on demand (the table pages carry 10 000 demo rows).
const pages = {
  form: lazy(() => import('./form-page').then((m) => ({ default: m.FormPage }))),
  validation: lazy(() => import('./validation-page').then((m) => ({ default: m.ValidationPage }))),
  'array/basic': lazy(() => import('./array-basic-page').then((m) => ({ default: m.ArrayBasicPage }))),
  'array/column-groups': lazy(() =>
    import('./array-column-groups-page').then((m) => ({ default: m.ArrayColumnGroupsPage })),
  ),
  'array/column-filtering': lazy(() =>
    import('./array-column-filtering-page').then((m) => ({ default: m.ArrayColumnFilteringPage })),
  ),
  'array/column-ordering': lazy(() =>
    import('./array-column-ordering-page').then((m) => ({ default: m.ArrayColumnOrderingPage })),
  ),
  'array/drag': lazy(() => import('./array-drag-page').then((m) => ({ default: m.ArrayDragPage }))),
  'drag-and-drop': lazy(() => import('./drag-and-drop-page').then((m) => ({ default: m.DragAndDropPage }))),
  modals: lazy(() => import('./modals-page').then((m) => ({ default: m.ModalsPage }))),
  Wizard: lazy(() => import('./wizard-page').then((m) => ({ default: m.WizardPage }))),
  objects: lazy(() => import('./objects-page').then((m) => ({ default: m.ObjectsPage }))),
};

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="bo-showroom" role="status">
          Chargement de la démonstration…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export const kitRoutes = Object.entries(pages).map(([path, Page]) => (
  <Route key={path} path={path} element={<Loading>{<Page />}</Loading>} />
));
