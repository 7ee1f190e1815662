import { historyActionLabels, type HistoryEntry, type ListPage } from '@bo/contracts/records';
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
  // The French name of each field a change names ('registrationId' -> 'SIRET').
  fieldLabels?: Record<string, string>;
  // A value as a reader knows it (an owner's id as their trigram, a phone in its French form).
  formatValue?: (field: string, value: unknown) => string | undefined;
  // Show each entry's subject (the subsidiary or the contact it is about).
  showSubject?: boolean;
};

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vide)';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

// A record's story, newest first, a page at a time ("Afficher plus"): who did what, when, each field's value
// before and after.
export function HistoryTimeline({ label, queryKey, fetchPage, fieldLabels = {}, formatValue, showSubject }: HistoryTimelineProps) {
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
  const show = (field: string, value: unknown) => formatValue?.(field, value) ?? plainValue(value);
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
            {Object.keys(entry.changes).length > 0 && (
              <ul className="bo-history__changes">
                {Object.entries(entry.changes).map(([field, change]) => (
                  <li key={field}>
                    {fieldLabels[field] ?? field} :{' '}
                    {'from' in change && change.from !== undefined ? `${show(field, change.from)} → ${show(field, change.to)}` : show(field, change.to)}
                  </li>
                ))}
              </ul>
            )}
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
