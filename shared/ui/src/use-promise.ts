// Also exported alone (@bo/ui/use-promise) for the shell's routing step, which runs before antd has loaded.
import { useEffect, useReducer } from 'react';

type Settled<T> = { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

const results = new WeakMap<Promise<unknown>, Settled<unknown>>();

// What a promise has become, known synchronously once it has settled.
function track<T>(promise: Promise<T>): Settled<T> {
  let result = results.get(promise) as Settled<T> | undefined;
  if (result === undefined) {
    result = { status: 'pending' };
    results.set(promise, result);
    promise.then(
      (value) => results.set(promise, { status: 'fulfilled', value }),
      (reason: unknown) => results.set(promise, { status: 'rejected', reason }),
    );
  }
  return result;
}

// Follows a promise from the moment it is made (a download started before anything renders), so that the
// first render after it settled has its value at once, with no render of the pending state before it.
export function trackPromise<T>(promise: Promise<T>): Promise<T> {
  track(promise);
  return promise;
}

// The value of a promise the caller keeps stable (a module being downloaded), undefined while it is pending; a
// failure is thrown to the nearest error boundary. Unlike `use` under a Suspense boundary, the value shows on
// the render right after it arrives: React holds a boundary's content back up to 300 ms after its fallback
// showed (its fallback throttle), a visible wait on a page that opens on what it loads.
export function usePromise<T>(promise: Promise<T>): T | undefined {
  const result = track(promise);
  const [, settled] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (result.status !== 'pending') return;
    let live = true;
    // Runs after track's own handlers: the next render reads the settled result.
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
