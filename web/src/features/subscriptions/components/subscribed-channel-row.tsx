import { ROUTES } from '@contract';
import type { SubscriptionItem, SubscriptionToggle } from '@contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatCount } from '../../../lib/format';
import { SubscribeButton } from './subscribe-button';

/**
 * One subscribed channel. Its toggle keeps the row in place after unsubscribing, showing
 * Subscribe again, so a slip of the finger can be undone right there.
 */
export function SubscribedChannelRow({ item }: { item: SubscriptionItem }) {
  const [state, setState] = useState<SubscriptionToggle | null>(null);
  const { channel } = item;
  const channelPath = ROUTES.channel(channel.username);
  const isSubscribed = state?.isSubscribed ?? true;
  const subscribers = state?.subscribersCount ?? item.subscriberCount;
  const name = channel.fullName || channel.username;

  return (
    <li className="flex flex-col gap-4 py-4 sm:flex-row sm:items-center">
      <Link to={channelPath} tabIndex={-1} aria-hidden className="shrink-0 self-center">
        <Avatar src={channel.avatar} name={name} size="xl" decorative />
      </Link>
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <h2 className="truncate text-lg font-medium text-ink-strong">
          <Link to={channelPath} className="hover:underline">
            {name}
          </Link>
        </h2>
        <p className="truncate text-sm text-ink-muted">
          @{channel.username}
          <span aria-hidden> • </span>
          {formatCount(subscribers, 'subscriber')}
          <span aria-hidden> • </span>
          {formatCount(item.videoCount, 'video')}
        </p>
      </div>
      <SubscribeButton
        channelId={channel._id}
        isSubscribed={isSubscribed}
        onToggled={setState}
        className="self-center"
      />
    </li>
  );
}
