import { FEED_PATHS } from '@contract';
import { Rss } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useChangeFeedToken, useFeedToken } from '../api/feed-token';

/**
 * A private Atom feed of the subscriptions, for a feed reader. Its link holds a secret, so it is
 * shown once, when made; resetting makes a new one and the old stops working.
 */
export function PrivateFeedLink() {
  const token = useFeedToken();
  const change = useChangeFeedToken();
  const [shown, setShown] = useState<string | null>(null);

  const make = () =>
    change.mutate('new', { onSuccess: (made) => setShown(made.url && absolute(made.url)) });
  const remove = () => change.mutate('remove', { onSuccess: () => setShown(null) });
  const active = token.data?.active ?? false;

  return (
    <details className="mt-4 rounded-xl border border-line px-4 py-3 text-sm">
      <summary className="flex cursor-pointer items-center gap-2 font-medium text-ink-strong">
        <Rss className="size-4" aria-hidden />
        Private RSS feed
      </summary>
      <p className="mt-2 text-ink-muted">
        Follow your subscriptions in a feed reader. Anyone with the link can read the feed, so keep
        it to yourself; reset it if it gets out.
      </p>
      {shown && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={shown}
            aria-label="Your private feed link"
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-line bg-transparent px-3 py-2 text-ink-strong"
          />
          <CopyButton
            text={() => shown}
            label="Copy"
            copiedLabel="Copied!"
            announcement="Feed link copied"
            className={buttonStyles.secondary}
          />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={make}
          disabled={change.isPending}
          className={buttonStyles.secondary}
        >
          {active ? 'Reset link' : 'Make a link'}
        </button>
        {active && (
          <button
            type="button"
            onClick={remove}
            disabled={change.isPending}
            className={buttonStyles.ghost}
          >
            Turn off
          </button>
        )}
      </div>
      {active && !shown && (
        <p className="mt-2 text-ink-muted">
          A link exists. It is shown only when made: reset it to see a new one.
        </p>
      )}
      {change.isError && (
        <FormError message={errorMessage(change.error, 'The feed link could not be changed.')} />
      )}
      <p className="mt-2 text-ink-muted">
        The public feed of everything new is at{' '}
        <a className="text-accent hover:underline" href={FEED_PATHS.videos}>
          {FEED_PATHS.videos}
        </a>
        .
      </p>
    </details>
  );
}

function absolute(path: string): string {
  return new URL(path, window.location.origin).toString();
}
