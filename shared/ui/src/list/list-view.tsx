import type { ListPage } from '@bo/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useId, useState } from 'react';
import { FailureAlert } from '../objects/failure-alert';
import { ColumnOrderPanel } from './column-order-panel';
import { ListFilters } from './filter-controls';
import type { ListState } from './list-state';
import { ListTable } from './list-table';
import { plural, type ListViewProps } from './list-types';
import { useListExport } from './use-list-export';
import { useListRows } from './use-list-rows';
import { useOrderedColumns } from './use-ordered-columns';
import { useStableColumns } from './use-stable-columns';

export type { ListColumn, ListFilter, ListQueryOptions, ListViewProps } from './list-types';

// The kit's one way to show a list: table, search, filters, sort, paging, state in the address, empty,
// loading and error states, CSV export. A remote gives its columns, its filters and its queryOptions factory:
// - a server list: the factory turns the state into the remote's own query (`listRequest(state)` is the query
//   the server's list endpoints take) whose data is `{ items, total }`;
// - a list computed in the browser: the factory ignores the state (the rows are loaded once) and `toPage`
//   filters, sorts and slices them (`pageLocally`).
// Either way the data sits under the remote's own query key, so its mutations refresh the list.

const NO_ROWS: never[] = [];
// An empty table's text that shows nothing (antd shows its own "no data" for an empty string).
const NOTHING = <span />;

export function ListView<Row extends object, TData = ListPage<Row>, TKey extends QueryKey = QueryKey>(
  props: ListViewProps<Row, TData, TKey>,
) {
  const { label, filters = [], search, columnOrderKey } = props;
  const baseId = `list-${useId().replace(/:/g, '')}`;
  const toPage = (props.toPage ?? ((data: TData) => data as unknown as ListPage<Row>)) as (
    data: TData,
    state: ListState,
  ) => ListPage<Row>;
  const columns = useStableColumns(props.columns);
  const { state, update, pageHref, result, shown, total, currentPage, live } = useListRows({
    ...props,
    columns,
    filters,
    toPage,
  });
  const [announcement, setAnnouncement] = useState('');
  const ordered = useOrderedColumns(columnOrderKey, columns, setAnnouncement);
  const exported = useListExport({
    fileName: props.exportFileName,
    serverExport: props.serverExport,
    queryOptions: props.queryOptions,
    toPage,
    state,
    columns: ordered.orderedColumns,
    announce: setAnnouncement,
  });

  const countLabel = props.countLabel ?? ((count: number) => plural(count, 'ligne'));
  const loadingText = props.loadingText ?? 'Chargement…';
  const failedFirstLoad = result.isError && shown === undefined;
  const waiting = !failedFirstLoad && (result.isPending || (result.isFetching && result.isPlaceholderData));
  // Nothing loaded yet and the load failed: not "no results", which would lie; the alert above says it, once.
  const emptyText = shown
    ? (props.emptyText ?? 'Aucun résultat ne correspond à ces critères')
    : failedFirstLoad
      ? NOTHING
      : loadingText;

  return (
    <div className={`bo-table bo-list${props.selection ? ' bo-list--selectable' : ''}`}>
      <div className="bo-table__toolbar">
        {(search || filters.length > 0) && (
          <ListFilters baseId={baseId} label={label} search={search} filters={filters} state={state} update={update} />
        )}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          {props.toolbarExtra}
          {columnOrderKey && (
            <ColumnOrderPanel
              label={label}
              columns={columns}
              order={ordered.order}
              isDefault={ordered.isDefault}
              onMove={ordered.move}
              onReset={ordered.reset}
            />
          )}
          {props.exportFileName && (
            <Button
              onClick={() => void exported.start()}
              loading={exported.exporting}
              disabled={shown === undefined || total === 0}
            >
              Exporter en CSV
            </Button>
          )}
        </div>
      </div>
      {(result.isError || exported.failed) && (
        <FailureAlert
          style={{ marginBottom: 8 }}
          title={result.isError ? 'Le chargement a échoué.' : 'L’export a échoué.'}
          description={result.isError && shown ? 'Les dernières données chargées restent affichées.' : undefined}
          action={
            result.isError ? (
              <Button size="small" onClick={() => void result.refetch()}>
                Réessayer
              </Button>
            ) : undefined
          }
        />
      )}
      <p className="bo-table__count" role="status">
        {shown ? countLabel(total) : failedFirstLoad ? '' : loadingText}
        {live.pending > 0 && (
          <Button type="link" size="small" className="bo-list__changes" onClick={live.reload}>
            {live.pending === 1 ? '1 changement, actualiser' : `${live.pending} changements, actualiser`}
          </Button>
        )}
      </p>
      {/* The spinner covers the rows without touching them: a class set on the table's container (antd's own
          loading state) makes the browser work out the style of every cell again, on and off. */}
      <div className="bo-list__body" aria-busy={waiting}>
        <ListTable
          {...props}
          columns={ordered.orderedColumns}
          headerProps={ordered.headerProps}
          state={state}
          update={update}
          pageHref={pageHref}
          currentPage={currentPage}
          total={total}
          items={shown?.items ?? NO_ROWS}
          emptyText={emptyText}
          bordered={columns.some((column) => column.children)}
        />
        {waiting && (
          <div className="bo-list__loading">
            <Spin description={loadingText} />
          </div>
        )}
      </div>
      <div className="bo-sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
