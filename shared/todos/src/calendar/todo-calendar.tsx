import { Button, Spin, Switch, theme } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { LoadFailed } from '@bo/ui';
import { usePromise } from '@bo/ui/use-promise';
import { loadFullCalendar } from './calendar-loader';
import type { FullCalendarViewProps } from './full-calendar-view';

export type { CalendarView, TodoDrop } from './full-calendar-view';

export type TodoCalendarProps = FullCalendarViewProps & {
  loading?: boolean;
  // The first events are on their way: FullCalendar waits for them, drawing the month once with its events
  // rather than empty and then again with them (with 2 000 todos, the second drawing costs more than the first).
  eventsPending?: boolean;
  // The onlyPending option (accomplished todos hidden; off by default): shown as a switch when the caller handles it.
  onlyPending?: boolean;
  onOnlyPendingChange?: (value: boolean) => void;
  onAdd?: () => void;
  extra?: ReactNode;
  // The todos could not be loaded (the API down): said so with a retry; the events last shown stay.
  onRetryLoad?: () => void;
};

// FullCalendar reads its colours from CSS variables: give it antd's, so the light and dark themes both read well.
function useCalendarColours(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--fc-border-color': token.colorBorderSecondary,
    '--fc-page-bg-color': token.colorBgContainer,
    '--fc-neutral-bg-color': token.colorFillQuaternary,
    '--fc-neutral-text-color': token.colorTextSecondary,
    '--fc-today-bg-color': token.colorPrimaryBg,
    '--fc-event-text-color': token.colorText,
    // The toolbar's buttons look like antd's: the view shown in the primary colour, the others plain.
    '--fc-button-text-color': token.colorText,
    '--fc-button-bg-color': token.colorBgContainer,
    '--fc-button-border-color': token.colorBorder,
    '--fc-button-hover-bg-color': token.colorBgContainer,
    '--fc-button-hover-border-color': token.colorPrimaryHover,
    '--fc-button-active-bg-color': token.colorPrimary,
    '--fc-button-active-border-color': token.colorPrimary,
    color: token.colorText,
    background: token.colorBgContainer,
    padding: 12,
    borderRadius: token.borderRadiusLG,
  } as CSSProperties;
}

// The calendar of todos: events in, callbacks out, no data fetching (the remote and the showroom wire it).
export function TodoCalendar({
  loading,
  eventsPending,
  onlyPending,
  onOnlyPendingChange,
  onAdd,
  extra,
  onRetryLoad,
  ...calendar
}: TodoCalendarProps) {
  const switchId = `only-pending-${useId().replace(/:/g, '')}`;
  const colours = useCalendarColours();
  const FullCalendarView = usePromise(loadFullCalendar())?.FullCalendarView;
  return (
    <div className="bo-todo-calendar">
      <div
        className="bo-todo-calendar__bar"
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16, marginBottom: 12 }}
      >
        {onOnlyPendingChange && (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <Switch id={switchId} checked={Boolean(onlyPending)} onChange={onOnlyPendingChange} />
            <label htmlFor={switchId}>Tâches en cours uniquement</label>
          </span>
        )}
        {onAdd && (
          <Button type="primary" onClick={onAdd}>
            Ajouter une tâche
          </Button>
        )}
        {extra}
        <span
          role="status"
          aria-live="polite"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 22 }}
        >
          {loading && (
            <>
              <Spin size="small" />
              <span>Chargement des tâches…</span>
            </>
          )}
        </span>
      </div>
      {onRetryLoad && <LoadFailed title="Les tâches n’ont pas pu être chargées." onRetry={onRetryLoad} />}
      <div className="bo-todo-calendar__grid" style={colours} aria-busy={loading ? true : undefined}>
        {FullCalendarView && !eventsPending ? (
          <FullCalendarView {...calendar} />
        ) : (
          <div
            role="status"
            style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 400, justifyContent: 'center' }}
          >
            <Spin />
            <span>Chargement du calendrier…</span>
          </div>
        )}
      </div>
    </div>
  );
}
