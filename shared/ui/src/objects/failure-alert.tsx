import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's alert, loaded when a failure is first shown: a page whose data loads never downloads it. Until it has come
// (from the shell, which is up when the API is not), the same words show as plain text; its action (« Réessayer »)
// comes with it, so that no click lands on a button about to be replaced.
const Alert = lazy(() => import('antd/es/alert'));

export type FailureAlertProps = Pick<AlertProps, 'title' | 'description' | 'action' | 'style'>;

export function FailureAlert(props: FailureAlertProps) {
  const fallback = (
    <div className="bo-failure" style={props.style}>
      <strong>{props.title}</strong>
      {props.description && <div>{props.description}</div>}
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <Alert type="error" showIcon {...props} />
    </Suspense>
  );
}
