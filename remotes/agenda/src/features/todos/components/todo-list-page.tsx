import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { contactName, type Todo } from '@bo/contracts';
import { businessToday, todosQueryOptions, todoStyle, useTasks, useTodos } from '@bo/todos';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { PageFrame } from '@bo/ui';
import { ListView, pageLocally, type ListColumn, type ListFilter, type ListState } from '@bo/ui/list';
import { Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import {
  formatDate,
  isLate,
  periodLabels,
  statusRank,
  todoListFilters,
  todoMatches,
  todoPeriods,
} from '../utils/todo-filters';

const statusLabels = ['En retard', 'En cours', 'Aboutie'] as const;

function StatusTag({ todo, today }: { todo: Todo; today: string }) {
  if (todo.isAccomplished) return <Tag icon={<CheckCircleOutlined />}>Aboutie</Tag>;
  if (isLate(todo, today)) {
    return (
      <Tag color="error" icon={<ExclamationCircleOutlined />}>
        En retard
      </Tag>
    );
  }
  return (
    <Tag color="processing" icon={<ClockCircleOutlined />}>
      En cours
    </Tag>
  );
}

function columns(today: string): ListColumn<Todo>[] {
  return [
    { key: 'deadline', title: 'Échéance', sortable: true, value: (todo) => formatDate(todo.deadline) },
    {
      key: 'task',
      title: 'Tâche',
      sortable: true,
      value: (todo) => todo.task.description,
      render: (todo) => {
        const style = todoStyle(todo);
        return (
          <Tag
            style={{
              background: style.backgroundColor,
              borderColor: style.borderColor,
              color: style.color,
              whiteSpace: 'normal',
            }}
          >
            {todo.task.description}
          </Tag>
        );
      },
    },
    { key: 'contact', title: 'Contact', sortable: true, value: (todo) => contactName(todo.contact) },
    { key: 'company', title: 'Société', sortable: true, value: (todo) => todo.contact.company?.name ?? '—' },
    // Notes shown whole, wrapping within a readable width.
    {
      key: 'notes',
      title: 'Notes',
      value: (todo) => todo.notes,
      render: (todo) => (
        <div
          className="bo-todo-notes"
          style={{ minWidth: 160, maxWidth: 360, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {todo.notes}
        </div>
      ),
    },
    {
      key: 'status',
      title: 'Statut',
      sortable: true,
      value: (todo) => statusLabels[statusRank(todo, today)],
      render: (todo) => <StatusTag todo={todo} today={today} />,
    },
    { key: 'owner', title: 'Responsable', sortable: true, value: (todo) => todo.owner.trigram },
  ];
}

function sortValues(today: string): Record<string, (todo: Todo) => string | number> {
  return {
    deadline: (todo) => todo.deadline,
    task: (todo) => todo.task.description,
    contact: (todo) => contactName(todo.contact),
    company: (todo) => todo.contact.company?.name ?? '',
    // What is due first: late, then pending, then accomplished, each by deadline.
    status: (todo) => `${statusRank(todo, today)} ${todo.deadline}`,
    owner: (todo) => todo.owner.trigram,
  };
}

// The list opens on what is due (late and pending todos, the oldest deadline first), not on old finished ones.
const defaultSort = { key: 'status', order: 'asc' } as const;
// Every todo, loaded once: the calendar's query, so that what the dialogs save shows here at once.
const allTodos = () => todosQueryOptions({ onlyPending: false });

// /contacts/taches: the same todos as the calendar, as the kit's list, filtered in the browser.
export function TodoListPage() {
  const todos = useTodos({ onlyPending: false });
  const tasks = useTasks();
  const editor = useTodoEditor();
  const today = businessToday();

  const contactOptions = useMemo(() => {
    const byId = new Map<number, string>();
    for (const todo of todos.data ?? []) byId.set(todo.contact.id, contactName(todo.contact));
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  }, [todos.data]);
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        key: 'period',
        label: 'Période',
        type: 'radio',
        defaultValue: 'all',
        options: todoPeriods.map((period) => ({ value: period, label: periodLabels[period] })),
      },
      {
        key: 'taskId',
        label: 'Type de tâche',
        type: 'select',
        placeholder: 'Tous les types',
        options: (tasks.data ?? []).map((task) => ({ value: task.id, label: task.description })),
      },
      {
        key: 'contactId',
        label: 'Contact',
        type: 'select',
        searchable: true,
        placeholder: 'Tous les contacts',
        options: contactOptions,
      },
    ],
    [tasks.data, contactOptions],
  );
  const tableColumns = useMemo(() => columns(today), [today]);
  const toPage = useCallback(
    (list: Todo[], state: ListState) => {
      const wanted = todoListFilters(state);
      return pageLocally(list, state, {
        matches: (todo) => todoMatches(todo, wanted, today),
        sortValues: sortValues(today),
      });
    },
    [today],
  );

  return (
    <PageFrame path="/contacts/taches">
      <ListView
        label="Tâches"
        columns={tableColumns}
        filters={filters}
        search={{ label: 'Rechercher un contact', placeholder: 'Nom du contact' }}
        queryOptions={allTodos}
        toPage={toPage}
        rowKey={(todo) => todo.id}
        defaultSort={defaultSort}
        countLabel={(total) => `${total} tâche${total > 1 ? 's' : ''}`}
        emptyText="Aucune tâche ne correspond à ces critères"
        loadingText="Chargement des tâches…"
        exportFileName="taches"
        onRowOpen={editor.openTodo}
        rowLabel={(todo) =>
          `${todo.task.description} : ${contactName(todo.contact)}, échéance ${formatDate(todo.deadline)}`
        }
        rowClassName={(todo) => (isLate(todo, today) ? 'bo-todo-row bo-todo-row--late' : 'bo-todo-row')}
      />
      <TodoEditorDialogs editor={editor} />
    </PageFrame>
  );
}
