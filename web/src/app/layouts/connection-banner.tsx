import { useQueryClient, type Query } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isServerAway } from '../../lib/query-client';

/** A read that is being tried again because the server did not answer. */
function waitingForServer(query: Query): boolean {
  return query.state.fetchStatus === 'fetching' && isServerAway(query.state.fetchFailureReason);
}

/**
 * While reads are being retried because the server is away, a line under the top bar says so
 * (and offers to try at once); it goes when the server answers and the page fills in by itself.
 */
export function ConnectionBanner() {
  const queryClient = useQueryClient();
  const [away, setAway] = useState(false);

  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const update = () => setAway(cache.getAll().some(waitingForServer));
    update();
    return cache.subscribe(update);
  }, [queryClient]);

  if (!away) return null;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className="fixed inset-x-0 top-topbar z-30 flex items-center justify-center gap-3 bg-raised px-4 py-2 text-sm text-ink-strong shadow-lg"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden />
      <span>Vidshare cannot be reached. Trying again…</span>
      <button
        type="button"
        className="font-medium text-accent hover:underline"
        onClick={() => void queryClient.refetchQueries({ predicate: waitingForServer })}
      >
        Retry now
      </button>
    </div>
  );
}
