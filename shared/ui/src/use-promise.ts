// Also exported alone (@bo/ui/use-promise): the shell's remote outlet needs nothing else of the kit.
import { useEffect, useReducer } from 'react';
import { settledOf } from './track-promise';

// The value of a promise the caller keeps stable (a module being downloaded), undefined while it is pending; a
// failure is thrown to the nearest error boundary. Unlike `use` under a Suspense boundary, the value shows on
// the render right after it arrives: React holds a boundary's content back up to 300 ms after its fallback
// showed (its fallback throttle), a visible wait on a page that opens on what it loads.
export function usePromise<T>(promise: Promise<T>): T | undefined {
  const result = settledOf(promise);
  const [, settled] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (result.status !== 'pending') return;
    let live = true;
    // Runs after settledOf's own handlers: the next render reads the settled result.
    const rerender = () => {
      if (live) settled();
    };
    promise.then(rerender, rerender);
    return () => {
      live = false;
    };
  }, [promise, result.status]);
  if (result.status === 'rejected') throw result.reason;
  return result.status === 'fulfilled' ? result.value : undefined;
}
