import { Button } from 'antd';
import { FailureAlert } from './failure-alert';

// What a part of a page says when its data could not be loaded: in French, with a way to try again.
export function LoadFailed({ title = 'Le chargement a échoué.', onRetry }: { title?: string; onRetry?: () => void }) {
  return (
    <FailureAlert
      style={{ marginBottom: 12 }}
      title={title}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            Réessayer
          </Button>
        )
      }
    />
  );
}
