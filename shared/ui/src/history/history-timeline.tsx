import {
  historyActionLabels,
  historyChangeLines,
  type HistoryEntry,
  type HistoryValueFormat,
  type ListPage,
} from '@bo/contracts/records';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { LoadFailed } from '../objects/load-failed';
import type { PanelSection } from '../panel/entity-panel';

const PER_PAGE = 20;

export type HistoryTimelineProps = {
  label: string;
  queryKey: QueryKey;
  // One page of entries, newest first.
  fetchPage: (page: number, perPage: number, signal: AbortSignal) => Promise<ListPage<HistoryEntry>>;
  // The French name of each field a change names ('registrationId' -> 'SIRET'), or of an entry's fields, by the
  // record it is about (a company's group history holds its contacts' entries).
  fieldLabels?: Readonly<Record<string, string>> | ((entry: HistoryEntry) => Readonly<Record<string, string>>);
  // A value of the page's own fields as a reader knows it (a needs sheet's seniority in words); the fields records
  // share (an owner, a company, a phone, a title...) read the same everywhere (historyChangeLines).
  formatValue?: HistoryValueFormat;
  // Show each entry's subject (the subsidiary or the contact it is about).
  showSubject?: boolean;
};

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

function ChangeLines({
  entry,
  fieldLabels,
  formatValue,
}: {
  entry: HistoryEntry;
  fieldLabels: HistoryTimelineProps['fieldLabels'];
  formatValue?: HistoryValueFormat;
}) {
  const labels = typeof fieldLabels === 'function' ? fieldLabels(entry) : (fieldLabels ?? {});
  const lines = historyChangeLines(entry.changes, entry.names, labels, formatValue);
  if (lines.length === 0) return null;
  return (
    <ul className="bo-history__changes">
      {lines.map((line) => (
        <li key={line.field}>{line.text}</li>
      ))}
    </ul>
  );
}

// A record's story, newest first, a page at a time ("Afficher plus"): who did what, when, each field's value
// before and after.
export function HistoryTimeline({
  label,
  queryKey,
  fetchPage,
  fieldLabels = {},
  formatValue,
  showSubject,
}: HistoryTimelineProps) {
  const history = useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, PER_PAGE, signal),
    getNextPageParam: (last, pages) => (pages.length * PER_PAGE < last.total ? pages.length + 1 : undefined),
  });
  if (history.isPending) return <Spin description="Chargement de l’historique…" />;
  if (history.isError) {
    return <LoadFailed title="L’historique n’a pas pu être chargé." onRetry={() => void history.refetch()} />;
  }
  const entries = history.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <Empty description="Aucun événement enregistré" />;
  return (
    <section aria-label={label}>
      <ol className="bo-history">
        {entries.map((entry) => (
          <li key={entry.id} className="bo-history__entry">
            <div>
              <strong>{historyActionLabels[entry.action] ?? entry.action}</strong>
              {showSubject && <> · {entry.label}</>}
            </div>
            <div className="bo-history__meta">
              {dateTime.format(new Date(entry.createdAt))}
              {entry.user ? ` · ${entry.user.trigram}` : ''}
            </div>
            <ChangeLines entry={entry} fieldLabels={fieldLabels} formatValue={formatValue} />
          </li>
        ))}
      </ol>
      {history.hasNextPage && (
        <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          Afficher plus
        </Button>
      )}
    </section>
  );
}

// A record panel's "Historique" tab: the record's story, page by page.
export const historySection = (props: HistoryTimelineProps): PanelSection => ({
  key: 'history',
  label: 'Historique',
  content: <HistoryTimeline {...props} />,
});
