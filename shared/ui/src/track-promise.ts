// React-free, so that the shell's entry can follow its downloads before React has arrived
// (@bo/ui/track-promise). usePromise reads what is recorded here.

type Settled<T> = { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

const results = new WeakMap<Promise<unknown>, Settled<unknown>>();

// What a promise has become, known synchronously once it has settled.
export function settledOf<T>(promise: Promise<T>): Settled<T> {
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
  settledOf(promise);
  return promise;
}
