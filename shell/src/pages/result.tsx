import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result carries the illustrations of its statuses (about 10 KB gzip): it comes with the first status or error
// screen shown, not with every page.
const AntResult = lazy(() => import('antd/es/result'));

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
