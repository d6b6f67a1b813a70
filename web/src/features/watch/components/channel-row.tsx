import { ROUTES } from '@contract';
import type { VideoDetail } from '@contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonStyles } from '../../../components/ui/button-styles';
import { formatCount } from '../../../lib/format';
import { useAuth } from '../../auth';
import { SubscribeButton } from '../../subscriptions';
import { UI_MESSAGES } from '../../../lib/ui-constants';

/** Owner, subscriber count, and either Subscribe or the owner's studio shortcuts. */
export function ChannelRow({ video }: { video: VideoDetail }) {
  const { isAuthenticated, authUser } = useAuth();
  const isOwner = authUser?._id === video.owner._id;
  const channelPath = ROUTES.channel(video.owner.username);

  let action;
  if (isOwner) {
    action = (
      <>
        <Link to={ROUTES.studioAnalytics} className={buttonStyles.secondary}>
          Analytics
        </Link>
        <Link to={ROUTES.studioContentVideo(video._id)} className={buttonStyles.secondary}>
          Edit Video
        </Link>
      </>
    );
  } else if (isAuthenticated) {
    action = (
      <SubscribeButton channelId={video.owner._id} isSubscribed={video.isSubscribedByUser} />
    );
  } else {
    action = (
      <button
        type="button"
        onClick={() => window.alert(UI_MESSAGES.signInToSubscribe)}
        className={buttonStyles.light}
      >
        Subscribe
      </button>
    );
  }

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <Link to={channelPath} tabIndex={-1} aria-hidden className="shrink-0">
        <Avatar src={video.owner.avatar} name={video.owner.username} decorative />
      </Link>
      <div className="min-w-0">
        <Link
          to={channelPath}
          className="block truncate font-medium text-ink-strong hover:underline"
        >
          {video.owner.username}
        </Link>
        <p className="text-xs text-ink-muted">
          {formatCount(video.subscribersCount, 'subscriber')}
        </p>
      </div>
      <div className="ml-1 flex items-center gap-2">{action}</div>
    </div>
  );
}
