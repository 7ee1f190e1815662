import { ACCOMPLISHED_STYLE } from '@bo/todos';
import { TodoCalendar } from '@bo/todos/calendar';
import { sampleTasks } from '@bo/todos/sample-todos';
import { Button, Space, Tag } from 'antd';
import { DemoLog, useAgendaDemo } from './agenda-demo';
import { DemoSection, ShowroomLayout } from './showroom-layout';

// /tests/agenda: the blocks of the agenda one by one (styles, edit dialog, add dialog), then together.
export function AgendaPage() {
  const demo = useAgendaDemo();
  const firstPending = demo.todos.find((todo) => !todo.isAccomplished);
  return (
    <ShowroomLayout page="agenda">
      <DemoSection id="demo-styles" title="Styles des tâches">
        <Space wrap>
          {sampleTasks.map((task) => (
            <Tag
              key={task.id}
              style={{
                background: task.style.backgroundColor,
                borderColor: task.style.borderColor,
                color: task.style.color,
              }}
            >
              {task.description}
            </Tag>
          ))}
          <Tag
            style={{
              background: ACCOMPLISHED_STYLE.backgroundColor,
              borderColor: ACCOMPLISHED_STYLE.borderColor,
              color: ACCOMPLISHED_STYLE.color,
            }}
          >
            Tâche aboutie
          </Tag>
        </Space>
      </DemoSection>
      <DemoSection id="demo-dialogs" title="Fenêtres de l’agenda">
        <Space wrap>
          <Button onClick={() => firstPending && demo.editTodo(firstPending)} disabled={!firstPending}>
            Modifier une tâche
          </Button>
          <Button type="primary" onClick={demo.openAdd}>
            Ajouter une tâche
          </Button>
        </Space>
      </DemoSection>
      <DemoSection id="demo-agenda" title="Agenda complet">
        <TodoCalendar
          events={demo.events}
          initialDate={demo.today}
          onlyPending={demo.onlyPending}
          onOnlyPendingChange={demo.setOnlyPending}
          onEventClick={demo.openTodo}
          onEventDrop={demo.moveTodo}
        />
        <DemoLog lines={demo.log} />
      </DemoSection>
      {demo.dialogs}
    </ShowroomLayout>
  );
}
