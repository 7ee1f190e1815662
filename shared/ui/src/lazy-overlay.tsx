import { lazy, Suspense, useState, type ComponentType, type JSX } from 'react';

// An overlay (a dialog, a drawer) whose module loads the first time it opens: a page downloads no dialog or drawer
// it has not opened. Rendered from its first opening on, so that it leaves with its closing animation, and its
// module is fetched once. `load` is an `import()`: of an antd component's own module (`antd/es/modal`, the key
// under which the apps share it) or of a file of the app.
export function lazyOverlay<P extends { open?: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Loaded = lazy(load);
  function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(Boolean(props.open));
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return LazyOverlay;
}
