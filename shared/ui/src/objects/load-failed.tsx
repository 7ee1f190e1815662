import { Alert, Button } from 'antd';

// What a part of a page says when its data could not be loaded: in French, with a way to try again.
export function LoadFailed({ title = 'Le chargement a échoué.', onRetry }: { title?: string; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
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
