import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
import { isCodeLoadFailure, retryFailedScreens } from '../lib/lazy-screen';
import { texts } from '../lib/messages';
import { useOffline } from '../lib/online';

interface Props {
  children: ReactNode;
  /** Names the section in the fallback, e.g. 'this page'. */
  section?: string;
  /** When any of these change (e.g. the route), a failed section gets another chance. */
  resetKeys?: readonly unknown[];
}

interface State {
  error: unknown;
  failed: boolean;
  resetKeys: readonly unknown[] | undefined;
}

/**
 * Contains a render failure to one section of a page so the rest of the app (navigation,
 * sign out) keeps working, and offers a retry.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    const changed =
      props.resetKeys !== undefined &&
      state.resetKeys !== undefined &&
      (props.resetKeys.length !== state.resetKeys.length ||
        props.resetKeys.some((key, i) => !Object.is(key, state.resetKeys?.[i])));
    if (changed) return { error: undefined, failed: false, resetKeys: props.resetKeys };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for support; the user sees the fallback below.
    console.error('Section failed to render', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: undefined, failed: false });

  private readonly retryCode = () => {
    retryFailedScreens();
    this.reset();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (isCodeLoadFailure(this.state.error)) return <CodeNotLoaded onRetry={this.retryCode} />;
    return (
      <div className="section-error" role="alert" data-testid="section-error">
        <h2>Something went wrong</h2>
        <p>
          {this.props.section ?? 'This section'} could not be shown.{' '}
          {errorMessage(this.state.error) ?? 'An unexpected error occurred'}
        </p>
        <button type="button" className="button button--secondary" onClick={this.reset}>
          Try again
        </button>
      </div>
    );
  }
}

/**
 * A screen whose code did not arrive: says why in the seller's words (not the browser's "Failed
 * to fetch dynamically imported module") and offers to load it again.
 */
function CodeNotLoaded({ onRetry }: { onRetry: () => void }) {
  const offline = useOffline();
  return (
    <div className="screen-load-error" role="alert" data-testid="screen-load-error">
      <p data-testid="screen-load-error-message">
        {offline ? texts.screenOffline : texts.screenLoadFailed}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={onRetry}
        data-testid="screen-load-retry"
      >
        Retry
      </button>
    </div>
  );
}
