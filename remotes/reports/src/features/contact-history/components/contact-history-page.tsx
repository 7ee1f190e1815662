import { useCan } from '@bo/client';
import {
  changeSummary,
  frenchDate,
  frenchDateTime,
  historyActionLabels,
  needsSheetStepLabels,
  toBusinessIsoDate,
  type HistoryReportItem,
} from '@bo/contracts/reports';
import { fromStoredDate, LoadFailed, PageFrame, toStoredDate, useTypedText } from '@bo/ui';
import { usersQueryOptions, userLabel } from '@bo/ui/records';
import { tasksQueryOptions } from '@bo/todos';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Empty, Select, Spin, Tag } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ReportActions } from '../../../components/report-actions';
import {
  exportHistoryReport,
  historyReportQueryOptions,
  reportSubjectQueryOptions,
  reportSubjectsQueryOptions,
  type HistoryReportFilters,
} from '../api/history-report';

type Subject = { kind: 'contact' | 'company'; id: number };

const positiveId = (value: string | null): number | undefined =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
const day = (value: string | null): string | undefined =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

// The report's state in the address: ?contact=12 or ?company=5 (&filiales=0), du, au, tache, utilisateur.
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const contactId = positiveId(params.get('contact'));
  const companyId = contactId === undefined ? positiveId(params.get('company')) : undefined;
  const subject: Subject | null =
    contactId !== undefined
      ? { kind: 'contact', id: contactId }
      : companyId !== undefined
        ? { kind: 'company', id: companyId }
        : null;
  const filters = {
    subsidiaries: params.get('filiales') !== '0',
    from: day(params.get('du')),
    to: day(params.get('au')),
    taskId: positiveId(params.get('tache')),
    userId: positiveId(params.get('utilisateur')),
  };
  const set = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  return { subject, filters, set };
}

// One autocomplete for a contact or a company, accents ignored (the server folds them).
function SubjectPicker({
  subject,
  onChange,
}: {
  subject: Subject | null;
  onChange: (subject: Subject | null) => void;
}) {
  const id = `s-${useId().replace(/:/g, '')}`;
  // The autocomplete asks once the typing pauses (spec: 200 ms).
  const { typed, setTyped, text } = useTypedText();
  const found = useQuery(reportSubjectsQueryOptions(text));
  const current = useQuery({
    ...reportSubjectQueryOptions(subject?.kind ?? 'contact', subject?.id ?? 0),
    enabled: subject !== null,
  });
  const options = (found.data ?? []).map((item) => ({
    value: `${item.kind}:${item.id}`,
    label: `${item.kind === 'company' ? 'Société' : 'Contact'} · ${item.label}${item.detail ? ` (${item.detail})` : ''}`,
  }));
  const value = subject === null ? undefined : `${subject.kind}:${subject.id}`;
  if (value !== undefined && current.data && !options.some((option) => option.value === value)) {
    options.unshift({
      value,
      label: `${subject?.kind === 'company' ? 'Société' : 'Contact'} · ${current.data.label}${current.data.detail ? ` (${current.data.detail})` : ''}`,
    });
  }
  return (
    <div className="bo-table__filter" style={{ flex: '1 1 320px' }}>
      <label htmlFor={id} className="bo-table__filter-label">
        Contact ou société
      </label>
      <Select
        id={id}
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
        allowClear
        style={{ width: '100%' }}
        placeholder="Tapez au moins deux lettres d’un nom"
        value={value}
        options={options}
        loading={found.isFetching}
        notFoundContent={
          text.length < 2 ? 'Tapez au moins deux lettres' : found.isFetching ? 'Recherche…' : 'Aucun contact ni société'
        }
        onChange={(next: string | undefined) => {
          setTyped('');
          if (!next) return onChange(null);
          const [kind, raw] = next.split(':');
          onChange({ kind: kind === 'company' ? 'company' : 'contact', id: Number(raw) });
        }}
      />
    </div>
  );
}

function TodoEntry({ item, today }: { item: HistoryReportItem; today: string }) {
  const todo = item.todo!;
  const late = !todo.isAccomplished && todo.deadline < today;
  return (
    <>
      <div>
        <Tag
          style={{
            background: todo.task.style.backgroundColor,
            borderColor: todo.task.style.borderColor,
            color: todo.task.style.color,
            marginInlineEnd: 8,
          }}
        >
          {todo.task.description}
        </Tag>
        <strong>{todo.isAccomplished ? 'Tâche aboutie' : 'Tâche en attente'}</strong>
        {late && <span className="bo-late"> · en retard</span>}
      </div>
      <div className="bo-history__meta">
        Échéance {frenchDate(todo.deadline)}
        {todo.executionDate && ` · exécutée le ${frenchDateTime(todo.executionDate)}`}
        {item.trigram && ` · par ${item.trigram}`}
      </div>
      {todo.notes && <p className="bo-report__text">Notes : {todo.notes}</p>}
      {todo.comment && <p className="bo-report__text">Commentaire : {todo.comment}</p>}
    </>
  );
}

function ChangeEntry({ item }: { item: HistoryReportItem }) {
  const change = item.change!;
  return (
    <>
      <div>
        <strong>{historyActionLabels[change.action] ?? change.action}</strong>{' '}
        {change.entity === 'company' ? 'de la société' : 'du contact'}
      </div>
      <div className="bo-history__meta">
        {frenchDateTime(item.at)}
        {item.trigram && ` · par ${item.trigram}`}
      </div>
      {Object.keys(change.changes).length > 0 && <p className="bo-report__text">{changeSummary(change)}</p>}
    </>
  );
}

// A step of a needs sheet of the subject: its creation or a status change, with the comment that came with it.
function NeedsSheetEntry({ item }: { item: HistoryReportItem }) {
  const step = item.needsSheet!;
  return (
    <>
      <div>
        <strong>{needsSheetStepLabels[step.action]}</strong> {step.reference} · {step.title}
      </div>
      <div className="bo-history__meta">
        {frenchDateTime(item.at)}
        {item.trigram && ` · par ${item.trigram}`}
      </div>
      {step.status && (
        <p className="bo-report__text">
          {step.action === 'create' ? 'Statut ' : 'Statut : '}
          {step.previousStatus && (
            <>
              <Tag color={step.previousStatus.color}>{step.previousStatus.label}</Tag>
              <span aria-hidden="true">→ </span>
              <span className="bo-sr-only">devient </span>
            </>
          )}
          <Tag color={step.status.color}>{step.status.label}</Tag>
        </p>
      )}
      {step.comment && <p className="bo-report__text">Commentaire : {step.comment}</p>}
    </>
  );
}

function Timeline({ filters }: { filters: HistoryReportFilters }) {
  const history = useInfiniteQuery(historyReportQueryOptions(filters));
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  // The next page loads as the end of the timeline scrolls into view; the button does it by hand.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (history.isPending) return <Spin description="Chargement de l’historique…" />;
  if (history.isError)
    return <LoadFailed title="L’historique n’a pas pu être chargé." onRetry={() => void history.refetch()} />;
  const items = history.data.pages.flatMap((page) => page.items);
  const total = history.data.pages[0]?.total ?? 0;
  if (items.length === 0) return <Empty description="Aucun événement pour ces critères" />;
  const today = toBusinessIsoDate(new Date());
  return (
    <section aria-label="Historique">
      <p className="bo-table__count" role="status">
        {items.length.toLocaleString('fr-FR')} événement{items.length > 1 ? 's' : ''} affiché
        {items.length > 1 ? 's' : ''} sur {total.toLocaleString('fr-FR')}
      </p>
      <ol className="bo-history">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="bo-history__entry">
            <div className="bo-report__subject">
              {item.companyName}
              {item.contactName && ` · ${item.contactName}`}
            </div>
            {item.kind === 'todo' ? (
              <TodoEntry item={item} today={today} />
            ) : item.kind === 'needsSheet' ? (
              <NeedsSheetEntry item={item} />
            ) : (
              <ChangeEntry item={item} />
            )}
          </li>
        ))}
      </ol>
      <div ref={sentinel} />
      {hasNextPage && (
        <Button className="bo-no-print" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          Afficher plus
        </Button>
      )}
    </section>
  );
}

// /rapports/historique-contact: everything that happened to a contact, or to a company's contacts (and its
// subsidiaries'), newest first, with the needs sheets written for the contact (or the company's).
export function ContactHistoryReportPage() {
  const { subject, filters, set } = useHistoryParams();
  const canExport = useCan('report', 'export');
  const baseId = `h-${useId().replace(/:/g, '')}`;
  const { data: users = [] } = useQuery(usersQueryOptions());
  const { data: tasks = [] } = useQuery(tasksQueryOptions());
  const current = useQuery({
    ...reportSubjectQueryOptions(subject?.kind ?? 'contact', subject?.id ?? 0),
    enabled: subject !== null,
  });
  const query: HistoryReportFilters | null =
    subject === null
      ? null
      : {
          ...(subject.kind === 'contact'
            ? { contactId: subject.id }
            : { companyId: subject.id, subsidiaries: filters.subsidiaries }),
          from: filters.from,
          to: filters.to,
          taskId: filters.taskId,
          userId: filters.userId,
        };
  return (
    <PageFrame
      path="/rapports/historique-contact"
      actions={
        query && (
          <ReportActions
            fileName="historique.csv"
            exportFile={canExport ? () => exportHistoryReport(query) : undefined}
          />
        )
      }
    >
      <div className="bo-report__filters bo-no-print" role="search" aria-label="Filtres de l’historique">
        <SubjectPicker
          subject={subject}
          onChange={(next) =>
            set({
              contact: next?.kind === 'contact' ? String(next.id) : null,
              company: next?.kind === 'company' ? String(next.id) : null,
              filiales: null,
            })
          }
        />
        {subject?.kind === 'company' && current.data?.hasSubsidiaries && (
          <div className="bo-table__filter">
            <Checkbox
              checked={filters.subsidiaries}
              onChange={(event) => set({ filiales: event.target.checked ? null : '0' })}
            >
              Inclure les filiales
            </Checkbox>
          </div>
        )}
        <div className="bo-table__filter">
          <label htmlFor={`${baseId}-from`} className="bo-table__filter-label">
            Du
          </label>
          <DatePicker
            id={`${baseId}-from`}
            format="DD/MM/YYYY"
            placeholder="jj/mm/aaaa"
            value={fromStoredDate(filters.from)}
            onChange={(value) => set({ du: value ? toStoredDate(value) : null })}
          />
        </div>
        <div className="bo-table__filter">
          <label htmlFor={`${baseId}-to`} className="bo-table__filter-label">
            Au
          </label>
          <DatePicker
            id={`${baseId}-to`}
            format="DD/MM/YYYY"
            placeholder="jj/mm/aaaa"
            value={fromStoredDate(filters.to)}
            onChange={(value) => set({ au: value ? toStoredDate(value) : null })}
          />
        </div>
        <div className="bo-table__filter">
          <label htmlFor={`${baseId}-task`} className="bo-table__filter-label">
            Type de tâche
          </label>
          <Select
            id={`${baseId}-task`}
            allowClear
            style={{ minWidth: 180 }}
            placeholder="Tous"
            value={filters.taskId}
            options={tasks.map((task) => ({ value: task.id, label: task.description }))}
            onChange={(value: number | undefined) => set({ tache: value ? String(value) : null })}
          />
        </div>
        <div className="bo-table__filter">
          <label htmlFor={`${baseId}-user`} className="bo-table__filter-label">
            Utilisateur
          </label>
          <Select
            id={`${baseId}-user`}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            placeholder="Tous"
            value={filters.userId}
            options={users.map((user) => ({ value: user.id, label: userLabel(user) }))}
            onChange={(value: number | undefined) => set({ utilisateur: value ? String(value) : null })}
          />
        </div>
      </div>
      {subject !== null && current.data && (
        <h2 className="bo-report__heading">
          {current.data.label}
          {current.data.detail && <span className="bo-count"> · {current.data.detail}</span>}
        </h2>
      )}
      {query === null ? (
        <Empty description="Choisissez un contact ou une société pour voir son historique" />
      ) : (
        <Timeline filters={query} />
      )}
    </PageFrame>
  );
}
