import type { ResultProps } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

// antd's Result carries the illustrations of its statuses (about 10 KB gzip): it comes with the first status or error
// screen shown, not with every page. These screens show when something is down, the server of the application's own
// files included (a tab left open across a release asks for files that are gone): then the same texts and buttons
// come without the illustration.
const AntResult = lazy<ComponentType<ResultProps>>(() =>
  import('antd/es/result').catch(() => ({ default: PlainResult })),
);

function PlainResult({ title, subTitle, extra }: ResultProps) {
  return (
    <div className="ant-result">
      <div className="ant-result-title">{title}</div>
      {subTitle && <div className="ant-result-subtitle">{subTitle}</div>}
      {extra && <div className="ant-result-extra">{extra}</div>}
    </div>
  );
}

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
