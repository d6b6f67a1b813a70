import { ROUTES } from '@contract';
import { isStudioWidthSupported } from '../../../lib/studio';

/** The address of a channel as shown and copied in its About dialog. */
export function channelUrl(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, '')}${ROUTES.channel(username)}`;
}

/** Studio shortcuts lead to the unavailable page on screens too narrow for the studio. */
export function studioLink(path: string, windowWidth: number): string {
  return isStudioWidthSupported(windowWidth) ? path : ROUTES.studioUnavailable;
}

/** "Joined Mar 4, 2026"-style date; an unreadable timestamp gives an empty string. */
export function formatJoinDate(createdAt: string, locale = 'en-US'): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
