import { ROUTES } from '@contract';
import { UserRoundX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { isNotFound } from '../../../lib/api-client';
import { useChannelQuery } from '../api/get-channel';
import { ChannelHeader } from './channel-header';
import { ChannelVideos } from './channel-videos';
import { PlaylistGrid } from '../../playlists';
import { cn } from '../../../lib/cn';
import { RetryButton } from '../../../components/ui/retry-button';

function ChannelSkeleton() {
  return (
    <div role="status" aria-label="Loading channel">
      <div className="aspect-[4/1] max-h-64 min-h-20 w-full animate-pulse rounded-2xl bg-hover sm:aspect-[6/1]" />
      <div className="mt-6 flex flex-col items-center gap-4 sm:flex-row sm:items-start sm:gap-6">
        <div className="size-24 shrink-0 animate-pulse rounded-full bg-hover sm:size-32" />
        <div className="flex w-full max-w-sm flex-col items-center gap-3 sm:items-start">
          <div className="h-7 w-2/3 animate-pulse rounded bg-hover" />
          <div className="h-4 w-full animate-pulse rounded bg-hover" />
          <div className="mt-2 h-9 w-28 animate-pulse rounded-full bg-hover" />
        </div>
      </div>
    </div>
  );
}

const CHANNEL_TABS = ['Videos', 'Playlists'] as const;

/** A channel page: its header, and tabs for its uploads and its public playlists. */
export function ChannelView({ username }: { username: string }) {
  const query = useChannelQuery(username);
  const { error } = query;
  const tabId = useId();
  const panelId = useId();
  const [tab, setTab] = useState<(typeof CHANNEL_TABS)[number]>('Videos');

  useEffect(() => {
    if (error && !isNotFound(error)) {
      console.error('Loading the channel failed', error);
    }
  }, [error]);

  if (query.isPending) return <ChannelSkeleton />;
  if (query.isLoadingError || isNotFound(query.error)) {
    const missing = isNotFound(query.error);
    return missing ? (
      <EmptyState icon={UserRoundX} title="Channel not found" headingLevel={1}>
        <p>There is no channel called @{username}.</p>
        <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
          Browse videos
        </Link>
      </EmptyState>
    ) : (
      <EmptyState icon={UserRoundX} title="The channel could not be loaded" headingLevel={1}>
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }

  const channel = query.data;
  return (
    <>
      <ChannelHeader channel={channel} />
      <div role="tablist" aria-label="Channel sections" className="mt-6 flex border-b border-line">
        {CHANNEL_TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${tabId}-${item}`}
            aria-selected={tab === item}
            aria-controls={panelId}
            tabIndex={tab === item ? 0 : -1}
            onClick={() => setTab(item)}
            onKeyDown={(event) => {
              const at = CHANNEL_TABS.indexOf(item);
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = CHANNEL_TABS[(at + step + CHANNEL_TABS.length) % CHANNEL_TABS.length]!;
              setTab(next);
              document.getElementById(`${tabId}-${next}`)?.focus();
            }}
            className={cn(
              'border-b-2 px-3 pb-3 text-sm font-medium',
              tab === item
                ? 'border-ink-strong text-ink-strong'
                : 'border-transparent text-ink hover:text-ink-strong',
            )}
          >
            {item}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${tabId}-${tab}`} className="mt-6">
        <h2 className="sr-only">{tab}</h2>
        {tab === 'Videos' ? (
          <ChannelVideos userId={channel._id} />
        ) : (
          <PlaylistGrid
            ownerId={channel._id}
            label={`Playlists of ${channel.fullName || channel.username}`}
          />
        )}
      </div>
    </>
  );
}
