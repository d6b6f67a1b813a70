import { API_BASE, API_PATHS } from '@contract';
import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonStyles } from '../components/ui/button-styles';
import { retryDelay } from '../lib/query-client';
import { isChunkLoadError, retryFailedChunks } from '../lib/retryable-lazy';

/** Whether the server answers at all (its liveness check, never from a cache). */
export async function serverReachable(): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE}${API_PATHS.healthLive}`, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/** When the last Retry let failed chunks load again: a chunk failing again right after it stays failed. */
let lastRetryAt = 0;
const RETRY_WINDOW_MS = 15_000;

/**
 * The page's place when its code could not be loaded (or it broke): it says so with Retry, and
 * the top bar and sidebar stay. While the server cannot be reached it keeps asking (backing off)
 * and tries again by itself once it answers. Never a reload while the server is away, which
 * would leave the tab on the browser's own error page.
 */
function PageErrorPanel({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const chunk = isChunkLoadError(error);
  const [offline, setOffline] = useState(false);
  const [checking, setChecking] = useState(false);
  const attempts = useRef(0);

  const retry = useCallback(async () => {
    setChecking(true);
    const reachable = await serverReachable();
    setChecking(false);
    if (!reachable) {
      setOffline(true);
      return;
    }
    setOffline(false);
    // Loaded again once and failed again: this document keeps the failed chunk (browsers
    // remember a failed module), or it is gone (a new version was deployed). The server
    // answers, so a reload lands on this same page with the current code.
    if (chunk && Date.now() - lastRetryAt < RETRY_WINDOW_MS) {
      window.location.reload();
      return;
    }
    lastRetryAt = Date.now();
    retryFailedChunks();
    onRetry();
  }, [chunk, onRetry]);

  // A chunk that failed may mean the server went away: find out, and keep asking until it answers.
  useEffect(() => {
    if (!chunk) return;
    let timer: number | undefined;
    let stopped = false;
    const probe = async () => {
      if (stopped) return;
      if (await serverReachable()) {
        // Back after being away, or failing again right after a retry: try again by itself
        // (the latter reloads, see retry).
        const recent = Date.now() - lastRetryAt < RETRY_WINDOW_MS;
        if (!stopped && (attempts.current > 0 || recent)) void retry();
        return;
      }
      if (stopped) return;
      setOffline(true);
      timer = window.setTimeout(probe, retryDelay(attempts.current++));
    };
    void probe();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [chunk, retry]);

  const Icon = chunk ? CloudOff : TriangleAlert;
  return (
    <div
      role="alert"
      data-testid="page-error"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <Icon className="size-12 text-ink-muted" aria-hidden />
      <h1 className="text-xl font-semibold text-ink-strong">
        {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
      </h1>
      <p className="max-w-md text-ink">
        {offline
          ? 'Vidshare cannot be reached right now. This page loads by itself as soon as it is back.'
          : chunk
            ? 'Part of the page did not arrive. Check your connection and try again.'
            : 'Trying again usually helps.'}
      </p>
      <button
        type="button"
        className={buttonStyles.secondary}
        aria-busy={checking || undefined}
        onClick={() => void retry()}
      >
        <RefreshCw className={checking ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
        Retry
      </button>
    </div>
  );
}

type Props = {
  children: ReactNode;
  /** Another page (a new address) starts without the error. */ resetKey: string;
};
type State = { error: unknown; failed: boolean };

/** Catches what a page throws (its code failing to load, above all) and shows PageErrorPanel in its place. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) {
      this.setState({ error: null, failed: false });
    }
  }

  private readonly reset = () => this.setState({ error: null, failed: false });

  override render() {
    if (this.state.failed) return <PageErrorPanel error={this.state.error} onRetry={this.reset} />;
    return this.props.children;
  }
}
