import type { ComponentType, ReactNode } from 'react';

// What a remote exposes as './routes': its pages, by path. Roles and titles live in the route table of
// @bo/contracts, which the shell reads before any remote is downloaded.
export type RemotePage = {
  path: string;
  element: ReactNode;
  // Called when the shell knows this page is about to open (a fresh load of its URL): starts its data and its
  // heavy chunks while the rest of the page is still downloading.
  prefetch?: () => void;
  // When the page's code comes in a chunk of its own (lazyPage): starts its download, and settles (to the page's
  // component) once it is there. The shell shows its loading state until then.
  ready?: () => Promise<ComponentType>;
};
export type RemoteRoutesModule = { routes: RemotePage[] };
