import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback, messageOf } from './error-fallback';

type Props = { children: ReactNode; fullPage?: boolean; onReset?: () => void };
type State = { error: unknown };

/** Catches render errors of a subtree; 'Try Again' re-renders it. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  private reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) {
      return <ErrorFallback message={messageOf(this.state.error)} onRetry={this.reset} fullPage={this.props.fullPage} />;
    }
    return this.props.children;
  }
}
