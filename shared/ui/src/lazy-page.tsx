// A remote page whose code comes in a chunk of its own (@bo/ui/lazy-page): the remote's './routes' module then
// carries neither the page nor antd, so it runs, and its prefetch starts, while the kit still evaluates.
import type { ComponentType } from 'react';
import type { RemotePage } from './remote';
import { trackPromise } from './track-promise';
import { usePromise } from './use-promise';

export function lazyPage(load: () => Promise<ComponentType>): Pick<RemotePage, 'element' | 'ready'> {
  // Kept once asked for, a failure included: usePromise needs a stable promise. A reload of the page tries again.
  let pending: Promise<ComponentType> | undefined;
  const ready = () => (pending ??= trackPromise(load()));
  function LazyPage() {
    const Page = usePromise(ready());
    // The shell renders the page once `ready` has settled: nothing to show before.
    return Page === undefined ? null : <Page />;
  }
  return { element: <LazyPage />, ready };
}
