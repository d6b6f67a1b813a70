import type { ChannelProfile } from '@contract';
import { CalendarDays, Globe, Mail, PlaySquare, UsersRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { formatCount } from '../../../lib/format';
import { CopyButton } from '../../../components/ui/copy-button';
import { channelUrl, formatJoinDate } from '../utils/channel-links';
import { channelVideoCount } from '../utils/video-count';
import { UI_MESSAGES } from '../../../lib/ui-constants';

function Detail({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-3">
      <Icon className="size-5 shrink-0 text-ink-muted" aria-hidden />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

type AboutDialogProps = { channel: ChannelProfile; open: boolean; onClose: () => void };

/** Channel details, with a button that copies the channel's address. */
export function AboutDialog({ channel, open, onClose }: AboutDialogProps) {
  const url = channelUrl(window.location.origin, channel.username);
  const joined = formatJoinDate(channel.createdAt);
  const videos = channelVideoCount(channel);

  return (
    <Dialog open={open} onClose={onClose} title="About">
      {channel.bio ? (
        <p className="mb-5 text-sm break-words whitespace-pre-line text-ink">{channel.bio}</p>
      ) : null}
      <h3 className="mb-3 text-base font-semibold text-ink-strong">Channel details</h3>
      <ul className="flex flex-col gap-4 text-sm text-ink">
        <Detail icon={Globe}>
          <a href={url} className="text-accent hover:underline">
            {url}
          </a>
        </Detail>
        {joined ? <Detail icon={CalendarDays}>Joined {joined}</Detail> : null}
        <Detail icon={UsersRound}>{formatCount(channel.subscribersCount, 'subscriber')}</Detail>
        <Detail icon={PlaySquare}>
          {videos.count}
          {videos.hidden ? ` (${videos.hidden})` : ''}
        </Detail>
        {channel.email ? (
          <Detail icon={Mail}>
            <a href={`mailto:${channel.email}`} className="hover:underline">
              {channel.email}
            </a>
          </Detail>
        ) : null}
      </ul>
      <CopyButton
        text={() => url}
        label="Copy Url"
        copiedLabel={UI_MESSAGES.copiedShort}
        announcement="Channel address copied to the clipboard"
        className={`${buttonStyles.secondary} mt-6`}
      />
    </Dialog>
  );
}
