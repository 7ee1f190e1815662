import type { ReactNode } from 'react';

// What a remote exposes as './routes': its pages, by path. Roles and titles live in the route table of
// @bo/contracts, which the shell reads before any remote is downloaded.
export type RemotePage = { path: string; element: ReactNode };
export type RemoteRoutesModule = { routes: RemotePage[] };
