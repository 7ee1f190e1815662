import { Button } from 'antd';
import { Result } from './result';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type BoundaryProps = {
  children: ReactNode;
  // What to show instead of the generic screen; `reset` renders the children again.
  fallback?: (error: Error, reset: () => void) => ReactNode;
  onReset?: () => void;
  resetKey?: unknown;
};

type BoundaryState = { error: Error | null; resetKey: unknown };

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  // Navigating elsewhere clears the error: one broken page never sticks to the next.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(error, this.reset)
    ) : (
      <ErrorScreen error={error} onRetry={this.reset} />
    );
  }
}

// The generic error screen, for what no page can recover from, with the texts users know ("Something went wrong",
// "Try again").
export function ErrorScreen({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle={
        <details className="bo-error-details">
          <summary>Détails</summary>
          <code>{error.message}</code>
        </details>
      }
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
