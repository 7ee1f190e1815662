import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { contactName, type Todo } from '@bo/contracts';
import { businessToday, todoStyle, useTasks, useTodos } from '@bo/todos';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { PageFrame } from '@bo/ui';
import { Input, Radio, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useId, useMemo, useState } from 'react';
import { filterTodos, formatDate, initialListFilters, isLate, periodLabels, todoPeriods, type TodoListFilters } from '../utils/todo-filters';

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

function columns(today: string): TableColumnsType<Todo> {
  return [
    {
      key: 'deadline',
      title: 'Échéance',
      dataIndex: 'deadline',
      sorter: (a, b) => (a.deadline === b.deadline ? a.id - b.id : a.deadline < b.deadline ? -1 : 1),
      defaultSortOrder: 'ascend',
      showSorterTooltip: { title: 'Trier par échéance' },
      render: (deadline: string) => formatDate(deadline),
    },
    {
      key: 'task',
      title: 'Tâche',
      render: (_value, todo) => {
        const style = todoStyle(todo);
        return <Tag style={{ background: style.backgroundColor, borderColor: style.borderColor, color: style.color, whiteSpace: 'normal' }}>{todo.task.description}</Tag>;
      },
    },
    { key: 'contact', title: 'Contact', render: (_value, todo) => contactName(todo.contact) },
    { key: 'company', title: 'Société', render: (_value, todo) => todo.contact.company?.name ?? '—' },
    { key: 'notes', title: 'Notes', dataIndex: 'notes', ellipsis: true },
    { key: 'status', title: 'Statut', render: (_value, todo) => <StatusTag todo={todo} today={today} /> },
    { key: 'owner', title: 'Responsable', render: (_value, todo) => todo.owner.trigram },
  ];
}

// /contacts/taches: the same todos as the calendar, as a table with filters.
export function TodoListPage() {
  const ids = useId().replace(/:/g, '');
  const todos = useTodos({ onlyPending: false });
  const tasks = useTasks();
  const editor = useTodoEditor();
  const [filters, setFilters] = useState<TodoListFilters>(initialListFilters);
  const today = businessToday();
  const change = (patch: Partial<TodoListFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const rows = useMemo(() => filterTodos(todos.data ?? [], filters, today), [todos.data, filters, today]);
  const contactOptions = useMemo(() => {
    const byId = new Map<number, string>();
    for (const todo of todos.data ?? []) byId.set(todo.contact.id, contactName(todo.contact));
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  }, [todos.data]);
  const tableColumns = useMemo(() => columns(today), [today]);

  return (
    <PageFrame path="/contacts/taches">
      <div className="bo-todo-filters" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-end', marginBottom: 16 }}>
        <div role="group" aria-labelledby={`${ids}-period`}>
          <div id={`${ids}-period`} className="bo-field__label">
            Période
          </div>
          <Radio.Group
            optionType="button"
            value={filters.period}
            onChange={(event) => change({ period: event.target.value })}
            options={todoPeriods.map((period) => ({ value: period, label: periodLabels[period] }))}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-task`} className="bo-field__label">
            Type de tâche
          </label>
          <Select
            id={`${ids}-task`}
            style={{ width: 220 }}
            allowClear
            placeholder="Tous les types"
            value={filters.taskId ?? undefined}
            onChange={(value: number | undefined) => change({ taskId: value ?? null })}
            options={(tasks.data ?? []).map((task) => ({ value: task.id, label: task.description }))}
            notFoundContent="Aucune correspondance"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-contact`} className="bo-field__label">
            Contact
          </label>
          <Select
            id={`${ids}-contact`}
            style={{ width: 240 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Tous les contacts"
            value={filters.contactId ?? undefined}
            onChange={(value: number | undefined) => change({ contactId: value ?? null })}
            options={contactOptions}
            notFoundContent="Aucune correspondance"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-search`} className="bo-field__label">
            Rechercher un contact
          </label>
          <Input.Search
            id={`${ids}-search`}
            style={{ width: 240 }}
            allowClear
            placeholder="Nom du contact"
            value={filters.search}
            onChange={(event) => change({ search: event.target.value })}
          />
        </div>
      </div>
      <Table<Todo>
        rowKey="id"
        columns={tableColumns}
        dataSource={rows}
        loading={{ spinning: todos.isPending, tip: 'Chargement des tâches…' }}
        locale={{ emptyText: todos.isPending ? 'Chargement des tâches…' : 'Aucune tâche ne correspond à ces critères' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (total) => `${total} tâche${total > 1 ? 's' : ''}` }}
        rowClassName={(todo) => (isLate(todo, today) ? 'bo-todo-row bo-todo-row--late' : 'bo-todo-row')}
        onRow={(todo) => ({
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'aria-label': `${todo.task.description} : ${contactName(todo.contact)}, échéance ${formatDate(todo.deadline)}`,
          onClick: () => editor.openTodo(todo),
          onKeyDown: (event) => {
            if (event.key === 'Enter') editor.openTodo(todo);
          },
        })}
        scroll={{ x: 900 }}
      />
      <TodoEditorDialogs editor={editor} />
    </PageFrame>
  );
}
