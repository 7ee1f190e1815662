import { once } from '@bo/client/once';
import { useEffect, useState, type ComponentType, type JSX } from 'react';

// An overlay (a dialog, a drawer) whose module loads the first time it opens: a page downloads no dialog or drawer
// it has not opened. Rendered from its first opening on, so that it leaves with its closing animation, and its
// module is fetched once. `load` is an `import()`: of an antd component's own module (`antd/es/modal`, the key
// under which the apps share it) or of a file of the app.
//
// Not a React.lazy in a Suspense boundary: React renders what a resolved Suspense reveals in a render it may throw
// away and start again, and antd's overlays register themselves for Échap during their render
// (`@rc-component/portal`, useEscKeyDown): a render thrown away left a registration no one removes, on top of the
// others, and Échap then closed nothing (a record panel stayed open after a dialog opened in it had closed). The
// module's arrival is a state update instead, which React renders at once, to the end.
export function lazyOverlay<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  // After a failure, the next opening tries again.
  const fetchOnce = once(() => load().then((module) => (loaded = module.default)));

  function LazyOverlay(props: P) {
    // An overlay without an `open` prop is open while it is rendered (its parent renders it when it is wanted).
    const open = (props as { open?: boolean }).open ?? true;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    const [Overlay, setOverlay] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (!opened || Overlay) return;
      let live = true;
      fetchOnce().then(
        (component) => live && setOverlay(() => component),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [opened, Overlay]);
    // A module that could not be loaded is the page's error, as a page's own failed module is (ErrorBoundary).
    if (failure) throw failure.error;
    if (!opened || !Overlay) return null;
    return <Overlay {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  return LazyOverlay;
}
