import { useCallback, useLayoutEffect, useRef } from 'react';

// A function whose identity never changes and which always runs the latest one given: a component can be kept from
// one render to the next (or a timer set once) while its caller passes callbacks written inline.
export function useLatestCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
