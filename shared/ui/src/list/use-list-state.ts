import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { changeListState, readListState, writeListState, type ListSpec, type ListState } from './list-state';

// A list's state in the page's address: each change is a history entry, so back and forward step through the
// views, and a shared link opens the same one. A change gives back the state it leads to.
export function useListState(spec: ListSpec) {
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => readListState(params, spec), [params, spec]);
  // The router applies a new address in a transition: until it has, the list shows the state asked for (a radio
  // button checked at once), and the next change starts from it rather than from the address not yet applied.
  const [pending, setPending] = useState<{ state: ListState; over: URLSearchParams } | null>(null);
  const state = pending !== null && pending.over === params ? pending.state : fromAddress;
  const latest = useRef({ state, params });
  useLayoutEffect(() => {
    latest.current = { state, params };
  });
  const update = useCallback(
    (patch: Partial<ListState>, options: { replace?: boolean } = {}): ListState => {
      const { state: current, params: over } = latest.current;
      const next = changeListState(current, patch);
      latest.current = { state: next, params: over };
      setPending({ state: next, over });
      setParams(writeListState(next, spec, over), options);
      return next;
    },
    [setParams, spec],
  );
  // The address of another page of this view (a pagination link).
  const pageHref = useCallback(
    (page: number) => `?${writeListState({ ...state, page }, spec, params).toString()}`,
    [state, spec, params],
  );
  return { state, update, pageHref };
}
