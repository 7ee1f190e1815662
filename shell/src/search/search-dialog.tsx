import { callEndpoint } from '@bo/client';
import {
  endpoints,
  SEARCH_DELAY_MS,
  SEARCH_MIN_LENGTH,
  searchKindLabels,
  searchKinds,
  type SearchHit,
  type SearchKind,
} from '@bo/contracts/search';
import { recordPaths } from '@bo/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { recentRecords, rememberRecord } from './recent-records';

// What a record no longer in use is called, by kind.
const inactiveLabels: Record<SearchKind, string> = {
  contact: 'En veille',
  company: 'Désactivée',
  needsSheet: 'Clôturée',
  user: 'Désactivé',
};

// The search box (docs/search.md): typed for 200 ms from 2 characters, the results grouped by kind, the keyboard alone
// enough (arrows, Enter, Escape); the records last opened before anything is typed.
export function SearchDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: number }) {
  const navigate = useNavigate();
  const ids = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const typed = text.trim().length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['search', asked],
    queryFn: ({ signal }) => callEndpoint(endpoints.search, { params: { q: asked }, signal }),
    enabled: open && asked.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  // Read again each time the box opens.
  const recent = useMemo(() => recentRecords(userId), [userId, open]);
  const hits: SearchHit[] = typed ? (results.data ?? []) : recent;
  useEffect(() => setActive(0), [hits]);

  const close = () => {
    setText('');
    setAsked('');
    onClose();
  };
  const openHit = (hit: SearchHit) => {
    rememberRecord(userId, hit);
    close();
    navigate(recordPaths[hit.kind](hit.id));
  };
  const optionId = (index: number) => `${ids}-hit-${index}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits.at(active);
      if (hit !== undefined) openHit(hit);
    }
  };
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const groups = searchKinds
    .map((kind) => ({ kind, items: hits.map((hit, index) => ({ hit, index })).filter(({ hit }) => hit.kind === kind) }))
    .filter((group) => group.items.length > 0);
  const waiting = typed && (asked !== text.trim() || results.isFetching) && results.data === undefined;
  const status = !typed
    ? recent.length === 0
      ? `Tapez au moins ${SEARCH_MIN_LENGTH} caractères : sociétés, contacts, fiches de besoin.`
      : null
    : results.isError
      ? null
      : waiting
        ? 'Recherche…'
        : results.data !== undefined && results.data.length === 0 && asked === text.trim()
          ? 'Aucune correspondance'
          : null;

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title="Rechercher"
      className="bo-search"
      width={560}
      destroyOnHidden
    >
      <input
        className="ant-input bo-search__input"
        type="search"
        role="combobox"
        aria-label="Rechercher une société, un contact, une fiche de besoin"
        aria-expanded={hits.length > 0}
        aria-controls={`${ids}-results`}
        aria-autocomplete="list"
        aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
        placeholder="Nom, e-mail, SIRET, référence…"
        autoComplete="off"
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div role="status" className="bo-search__status">
        {status}
        {typed && results.isError && (
          <>
            La recherche n’a pas abouti.{' '}
            <Button size="small" onClick={() => void results.refetch()}>
              Réessayer
            </Button>
          </>
        )}
      </div>
      {!typed && recent.length > 0 && <div className="bo-search__recent">Récemment ouverts</div>}
      <div id={`${ids}-results`} role="listbox" aria-label="Résultats" className="bo-search__results">
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${ids}-${group.kind}`}>
            <div id={`${ids}-${group.kind}`} className="bo-search__group" role="presentation">
              {searchKindLabels[group.kind]}
            </div>
            {group.items.map(({ hit, index }) => (
              <div
                key={`${hit.kind}-${hit.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'bo-search__hit bo-search__hit--active' : 'bo-search__hit'}
                onMouseMove={() => setActive(index)}
                onClick={() => openHit(hit)}
              >
                <span className="bo-search__label">{hit.label}</span>
                {hit.detail !== null && <span className="bo-search__detail"> · {hit.detail}</span>}
                {!hit.active && <span className="bo-search__inactive"> · {inactiveLabels[hit.kind]}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
    </Modal>
  );
}
