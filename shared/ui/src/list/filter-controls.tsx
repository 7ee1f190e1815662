import { AUTOCOMPLETE, messages } from '@bo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Radio, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { labelMatches } from '../form/option-filter';
import { useLatestCallback } from '../use-latest-callback';
import { useTypedText } from '../use-typed-text';
import type { ListState } from './list-state';
import type { ListFilter } from './list-types';

// The list's search box and filters, above the table: each one writes the list's state (the address).

// Shorter than a pause in typing would be noticed: the rows follow the last key within the 300 ms.
const SEARCH_DELAY_MS = 150;

// Typing waits for a pause before it changes the address (and asks the server); Enter applies at once. A change
// of the address from elsewhere (back, forward, "Effacer les filtres") shows in the box.
function DebouncedInput({
  id,
  value,
  placeholder,
  onApply,
}: {
  id: string;
  value: string;
  placeholder?: string;
  onApply: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const written = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The timer applies through the latest handler, which starts from the latest state of the list.
  const latestApply = useLatestCallback(onApply);
  if (value !== shown) {
    setShown(value);
    if (value !== written.current) setDraft(value);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const apply = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    written.current = next.trim();
    latestApply(next.trim());
  };
  return (
    <Input
      id={id}
      value={draft}
      placeholder={placeholder}
      allowClear
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => apply(next), SEARCH_DELAY_MS);
      }}
      onPressEnter={() => apply(draft)}
    />
  );
}

type AutocompleteFilter = Extract<ListFilter, { type: 'autocomplete' }>;

// The options come from the remote's queries: those of the text typed (once the typing pauses) and the one of the
// value already chosen, whose label a link or a reload does not carry.
function AutocompleteControl({
  filter,
  id,
  value,
  onChange,
}: {
  filter: AutocompleteFilter;
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { typed, setTyped, text } = useTypedText();
  const long = text.length >= AUTOCOMPLETE.minLength;
  const found = useQuery({ ...filter.options(text), enabled: long });
  const chosen = useQuery({ ...filter.selected(value), enabled: value !== '' });
  const options = (long ? (found.data ?? []) : [])
    .slice(0, AUTOCOMPLETE.maxResults)
    .map((option) => ({ value: String(option.value), label: option.label }));
  if (value !== '' && !options.some((option) => option.value === value)) {
    options.unshift({
      value,
      label: chosen.data?.label ?? (chosen.isError ? `Introuvable (${value})` : 'Chargement…'),
    });
  }
  const waiting = typed.trim() !== text || (long && found.isFetching);
  return (
    <Select
      id={id}
      style={{ minWidth: 260 }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      placeholder={filter.placeholder ?? 'Tous'}
      value={value === '' ? undefined : value}
      onChange={(next?: string) => {
        setTyped('');
        onChange(next ?? '');
      }}
      options={options}
      loading={waiting}
      notFoundContent={
        typed.trim().length < AUTOCOMPLETE.minLength
          ? `Tapez au moins ${AUTOCOMPLETE.minLength} caractères`
          : waiting
            ? 'Recherche…'
            : found.isError
              ? 'La recherche a échoué.'
              : messages.noMatch
      }
    />
  );
}

function FilterControl({
  filter,
  id,
  value,
  onChange,
}: {
  filter: ListFilter;
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  if (filter.type === 'text')
    return <DebouncedInput id={id} value={value} placeholder={filter.placeholder} onApply={onChange} />;
  if (filter.type === 'autocomplete')
    return <AutocompleteControl filter={filter} id={id} value={value} onChange={onChange} />;
  // Option values may be numbers; the address holds text.
  if (filter.type === 'radio') {
    const chosen = filter.options.find((option) => String(option.value) === (value || filter.defaultValue))?.value;
    return (
      <Radio.Group
        optionType="button"
        value={chosen}
        onChange={(event) => {
          const next = String(event.target.value);
          onChange(next === filter.defaultValue ? '' : next);
        }}
        options={filter.options.map((option) => ({
          value: option.value,
          label: option.label,
          disabled: option.disabled,
        }))}
      />
    );
  }
  const selected = filter.options.find((option) => String(option.value) === value)?.value;
  return (
    <Select
      id={id}
      style={{ minWidth: 200 }}
      allowClear
      showSearch={filter.searchable ? { filterOption: labelMatches } : undefined}
      placeholder={filter.placeholder ?? 'Tous'}
      value={selected}
      onChange={(next?: string | number) => onChange(next === undefined || next === null ? '' : String(next))}
      options={filter.options.map((option) => ({
        value: option.value,
        label: option.label,
        disabled: option.disabled,
      }))}
      notFoundContent="Aucune correspondance"
    />
  );
}

type ListFiltersProps = {
  // The list's id, from which the fields take theirs.
  baseId: string;
  label: string;
  search?: { label: string; placeholder?: string };
  filters: readonly ListFilter[];
  state: ListState;
  update: (patch: Partial<ListState>) => void;
};

export function ListFilters({ baseId, label, search, filters, state, update }: ListFiltersProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = Object.keys(state.filters).length;
  const active = state.search !== '' || activeFilters > 0;
  return (
    <div className="bo-table__filters" role="search" aria-label={`Filtres : ${label}`}>
      {search && (
        <div className="bo-table__filter">
          <label htmlFor={`${baseId}-search`} className="bo-table__filter-label">
            {search.label}
          </label>
          <DebouncedInput
            id={`${baseId}-search`}
            value={state.search}
            placeholder={search.placeholder}
            onApply={(value) => update({ search: value })}
          />
        </div>
      )}
      {/* On a narrow screen the filters fold behind this button, which counts those in use (app.css decides when). */}
      {filters.length > 0 && (
        <Button
          className="bo-table__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={`${baseId}-filters`}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {activeFilters > 0 ? `Filtres (${activeFilters})` : 'Filtres'}
        </Button>
      )}
      <div
        id={`${baseId}-filters`}
        className={[
          'bo-table__filter-fields',
          filters.length > 0 && 'bo-table__filter-fields--foldable',
          filtersOpen && 'bo-table__filter-fields--open',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {filters.map((filter) => {
          const id = `${baseId}-${filter.key}`;
          const value = state.filters[filter.key] ?? '';
          const change = (next: string) => {
            const nextFilters = { ...state.filters };
            if (next) nextFilters[filter.key] = next;
            else delete nextFilters[filter.key];
            update({ filters: nextFilters });
          };
          return filter.type === 'radio' ? (
            <div className="bo-table__filter" key={filter.key} role="group" aria-labelledby={`${id}-label`}>
              <div id={`${id}-label`} className="bo-table__filter-label">
                {filter.label}
              </div>
              <FilterControl filter={filter} id={id} value={value} onChange={change} />
            </div>
          ) : (
            <div className="bo-table__filter" key={filter.key}>
              <label htmlFor={id} className="bo-table__filter-label">
                {filter.label}
              </label>
              <FilterControl filter={filter} id={id} value={value} onChange={change} />
            </div>
          );
        })}
        <Button
          className="bo-table__filter-reset"
          disabled={!active}
          onClick={() => update({ search: '', filters: {} })}
        >
          Effacer les filtres
        </Button>
      </div>
    </div>
  );
}
