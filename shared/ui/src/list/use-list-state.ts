import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { changeListState, readListState, writeListState, type ListSpec, type ListState } from './list-state';

// A list's state in the page's address: each change is a history entry, so back and forward step through the
// views, and a shared link opens the same one.
export function useListState(spec: ListSpec) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, spec), [params, spec]);
  const update = useCallback(
    (patch: Partial<ListState>, options: { replace?: boolean } = {}) =>
      setParams((current) => writeListState(changeListState(readListState(current, spec), patch), spec, current), options),
    [setParams, spec],
  );
  return { state, update };
}
