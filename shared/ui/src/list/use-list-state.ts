import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { changeListState, readListState, writeListState, type ListSpec, type ListState } from './list-state';

// A list's state in the page's address: each change is a history entry, so back and forward step through the
// views, and a shared link opens the same one.
export function useListState(spec: ListSpec) {
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => readListState(params, spec), [params, spec]);
  // The router applies a new address in a transition: until it has, the control just used shows its new value
  // (a radio button checked at once), read from here.
  const [pending, setPending] = useState<{ state: ListState; over: URLSearchParams } | null>(null);
  const state = pending !== null && pending.over === params ? pending.state : fromAddress;
  const update = useCallback(
    (patch: Partial<ListState>, options: { replace?: boolean } = {}) => {
      setPending({ state: changeListState(state, patch), over: params });
      setParams((current) => writeListState(changeListState(readListState(current, spec), patch), spec, current), options);
    },
    [state, params, setParams, spec],
  );
  return { state, update };
}
