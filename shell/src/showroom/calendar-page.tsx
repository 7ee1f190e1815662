import { TodoCalendar } from '@bo/todos/calendar';
import { DemoLog, useAgendaDemo } from './agenda-demo';
import { DemoSection, ShowroomLayout } from './showroom-layout';

// /tests/calendar: the calendar of the agenda on sample todos; moves and edits stay in the page.
export function CalendarPage() {
  const demo = useAgendaDemo();
  return (
    <ShowroomLayout page="calendar">
      <DemoSection id="demo-calendar" title="Tâches de démonstration">
        <p>
          Chaque type de tâche a ses couleurs ; les tâches abouties sont grises et ne se déplacent pas. Glissez une
          tâche en cours sur un autre jour, cliquez-la (ou Entrée) pour la modifier.
        </p>
        <TodoCalendar
          events={demo.events}
          initialDate={demo.today}
          onlyPending={demo.onlyPending}
          onOnlyPendingChange={demo.setOnlyPending}
          onEventClick={demo.openTodo}
          onEventDrop={demo.moveTodo}
          onAdd={demo.openAdd}
        />
        <DemoLog lines={demo.log} />
      </DemoSection>
      {demo.dialogs}
    </ShowroomLayout>
  );
}
