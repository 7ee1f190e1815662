import { Navigate, Route, Routes } from 'react-router-dom';
import { kitRoutes } from './kit-routes';
import { ShowroomIndex } from './showroom-index';
import { lazy, Suspense } from 'react';
import { NotFoundPage } from '../pages/status-pages';

// The agenda's pages (/tests/calendar, /tests/agenda), loaded on demand: they bring FullCalendar.
const CalendarPage = lazy(() => import('./calendar-page').then((m) => ({ default: m.CalendarPage })));
const AgendaDemoPage = lazy(() => import('./agenda-page').then((m) => ({ default: m.AgendaPage })));
const agendaFallback = (
  <p className="bo-showroom" role="status">
    Chargement de la démonstration…
  </p>
);

// Public showroom of the shared UI kit (/tests/*, testPages in @bo/contracts). Each page is built out with its issue; the
// index lists them all.
export function ShowroomRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="test" replace />} />
      <Route path="test" element={<ShowroomIndex />} />
      {kitRoutes}
      <Route
        path="calendar"
        element={
          <Suspense fallback={agendaFallback}>
            <CalendarPage />
          </Suspense>
        }
      />
      <Route
        path="agenda"
        element={
          <Suspense fallback={agendaFallback}>
            <AgendaDemoPage />
          </Suspense>
        }
      />
      {/* An unknown showroom address is an unknown page, as anywhere else. */}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
