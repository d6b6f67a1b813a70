import { FEED_PATHS, ROUTES } from '@contract';
import type { ChannelProfile } from '@contract';
import { ChevronRight, Flag, Rss } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useWindowWidth } from '../../../hooks/use-window-width';
import { formatCount } from '../../../lib/format';
import { useAuth } from '../../auth';
import { ReportDialog } from '../../moderation';
import { SubscribeButton } from '../../subscriptions';
import { studioLink } from '../utils/channel-links';
import { channelVideoCount } from '../utils/video-count';
import { AboutDialog } from './about-dialog';
import { ChannelCover } from './channel-cover';

/** Banner, identity and counts, and the owner's studio shortcuts or everyone else's Subscribe. */
export function ChannelHeader({ channel }: { channel: ChannelProfile }) {
  const { authUser } = useAuth();
  const width = useWindowWidth();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const isOwner = authUser?._id === channel._id;
  const name = channel.fullName || channel.username;
  const videos = channelVideoCount(channel);

  return (
    <header>
      <ChannelCover src={channel.coverImage} />
      <div className="mt-6 flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
        <Avatar src={channel.avatar} name={name} size="xl" className="sm:size-32" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink-strong sm:text-3xl">
            {name}
          </h1>
          <p className="mt-1 text-sm text-ink-muted">
            <span className="font-medium text-ink">@{channel.username}</span>
            <span aria-hidden> • </span>
            {formatCount(channel.subscribersCount, 'subscriber')}
            <span aria-hidden> • </span>
            <span data-testid="channel-video-count">
              {videos.count}
              {videos.hidden ? <span className="text-ink-muted"> ({videos.hidden})</span> : null}
            </span>
          </p>
          {channel.bio ? (
            <p
              data-testid="channel-bio"
              className="mt-2 line-clamp-2 max-w-2xl text-sm break-words whitespace-pre-line text-ink"
            >
              {channel.bio}
            </p>
          ) : null}
          <button
            type="button"
            onClick={() => setAboutOpen(true)}
            className="mt-2 inline-flex items-center gap-1 rounded text-sm text-ink hover:text-ink-strong"
          >
            About
            <ChevronRight className="size-4" aria-hidden />
          </button>
          <div className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start">
            {isOwner ? (
              <>
                <Link
                  to={studioLink(ROUTES.studioDashboard, width)}
                  className={buttonStyles.secondary}
                >
                  Customize Channel
                </Link>
                <Link
                  to={studioLink(ROUTES.studioContent, width)}
                  className={buttonStyles.secondary}
                >
                  Manage videos
                </Link>
              </>
            ) : (
              <>
                <SubscribeButton channelId={channel._id} isSubscribed={channel.isSubscribed} />
                <button
                  type="button"
                  onClick={() => setReportOpen(true)}
                  className={buttonStyles.secondary}
                >
                  <Flag className="size-4" aria-hidden />
                  Report channel
                </button>
              </>
            )}
            {/* A plain link: the feed is a file for feed readers, not a page of the app. */}
            <a
              href={FEED_PATHS.channel(channel.username)}
              type="application/atom+xml"
              className={buttonStyles.ghost}
            >
              <Rss className="size-4" aria-hidden />
              RSS feed
            </a>
          </div>
        </div>
      </div>
      <AboutDialog channel={channel} open={aboutOpen} onClose={() => setAboutOpen(false)} />
      <ReportDialog
        open={reportOpen}
        onClose={() => setReportOpen(false)}
        target={{ type: 'channel', id: channel._id }}
      />
    </header>
  );
}
