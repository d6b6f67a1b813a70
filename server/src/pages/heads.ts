import { EMBED_SIZE, FEED_PATHS, API_BASE, API_PATHS } from '@contract';
import { absoluteUrl, escapeXml } from '../feeds/xml.js';

export const SITE_NAME = 'Vidshare';
const DESCRIPTION_MAX = 200;

/** Which page a path is, for its head; undefined for every other page (the generic head). */
export type PagePath =
  | { kind: 'watch'; id: string }
  | { kind: 'embed'; id: string }
  | { kind: 'channel'; username: string }
  | { kind: 'playlist'; id: string };

/** The page a request path (query and all) names, if it has a head of its own. */
export function pageOfPath(url: string): PagePath | undefined {
  const path = url.split(/[?#]/, 1)[0]!;
  let m = /^\/watch\/([0-9a-f]{24})\/?$/.exec(path);
  if (m) return { kind: 'watch', id: m[1]! };
  m = /^\/embed\/([0-9a-f]{24})\/?$/.exec(path);
  if (m) return { kind: 'embed', id: m[1]! };
  if (path === '/playlist' || path === '/playlist/') {
    const list = new URLSearchParams(url.slice(path.length).split('#', 1)[0]).get('list');
    return list && /^[0-9a-f]{24}$/.test(list) ? { kind: 'playlist', id: list } : undefined;
  }
  m = /^\/username\/([^/]{1,100})\/?$/.exec(path);
  if (m) {
    let username: string;
    try {
      username = decodeURIComponent(m[1]!);
    } catch {
      return undefined;
    }
    return { kind: 'channel', username };
  }
  return undefined;
}

/** What a head shows of a video: only ever one a visitor finds in lists. */
export interface HeadVideo {
  id: string;
  title: string;
  description: string;
  ownerUsername: string;
  /** As the API answers them: relative (`/media/…`) or absolute. */
  thumbnail: string;
  videoFile: string;
  duration: number;
  createdAt: string;
}

export interface HeadChannel {
  username: string;
  fullName: string;
  avatar: string;
  videos: number;
}

/** What a head shows of a playlist: only ever a public one. */
export interface HeadPlaylist {
  id: string;
  title: string;
  description: string;
  ownerUsername: string;
  ownerName: string;
  videos: number;
  /** The first video's thumbnail, as the API answers it; null when it has none to show. */
  thumbnail: string | null;
}

/** The first line-ish of a text, at most 200 characters, for a description tag. */
export function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= DESCRIPTION_MAX
    ? flat
    : `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…`;
}

const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attr}="${key}" content="${escapeXml(String(content))}" />`;
const link = (attributes: Record<string, string>) =>
  `<link ${Object.entries(attributes)
    .map(([k, v]) => `${k}="${escapeXml(v)}"`)
    .join(' ')} />`;

/**
 * A watch (or embed) page's head: title, description, canonical URL, OpenGraph with the MP4 as
 * `og:video` and the poster as `og:image`, Twitter's player card on the embed page, and oEmbed
 * discovery. Every value is escaped for an attribute or text.
 */
export function videoHead(origin: string, video: HeadVideo): string {
  const watch = `${origin}/watch/${video.id}`;
  const embed = `${origin}/embed/${video.id}`;
  const image = absoluteUrl(origin, video.thumbnail);
  const file = absoluteUrl(origin, video.videoFile);
  const description = summary(video.description);
  const oembed = `${origin}${API_BASE}${API_PATHS.oembed}?url=${encodeURIComponent(watch)}&format=json`;
  const parts = [
    `<title>${escapeXml(video.title)} - ${SITE_NAME}</title>`,
    meta('name', 'description', description),
    link({ rel: 'canonical', href: watch }),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:title', video.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', watch),
    meta('property', 'og:image', image),
    meta('property', 'og:video', file),
    ...(file.startsWith('https:') ? [meta('property', 'og:video:secure_url', file)] : []),
    meta('property', 'og:video:type', 'video/mp4'),
    meta('property', 'og:video:width', EMBED_SIZE.width * 2),
    meta('property', 'og:video:height', EMBED_SIZE.height * 2),
    meta('property', 'video:duration', Math.round(video.duration)),
    meta('property', 'video:release_date', video.createdAt),
    meta('name', 'twitter:card', 'player'),
    meta('name', 'twitter:title', video.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:player', embed),
    meta('name', 'twitter:player:width', EMBED_SIZE.width * 2),
    meta('name', 'twitter:player:height', EMBED_SIZE.height * 2),
    link({ rel: 'alternate', type: 'application/json+oembed', href: oembed, title: video.title }),
    link({
      rel: 'alternate',
      type: 'application/atom+xml',
      href: `${origin}${FEED_PATHS.channel(video.ownerUsername)}`,
      title: `@${video.ownerUsername}`,
    }),
  ];
  return parts.join('\n    ');
}

/** A channel page's head: its name, how many videos, its picture, and its feed. */
export function channelHead(origin: string, channel: HeadChannel): string {
  const url = `${origin}/username/${encodeURIComponent(channel.username)}`;
  const name = channel.fullName || channel.username;
  const title = `${name} (@${channel.username})`;
  const description = `${channel.videos} ${channel.videos === 1 ? 'video' : 'videos'} by @${channel.username} on ${SITE_NAME}.`;
  return [
    `<title>${escapeXml(title)} - ${SITE_NAME}</title>`,
    meta('name', 'description', description),
    link({ rel: 'canonical', href: url }),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', absoluteUrl(origin, channel.avatar)),
    meta('property', 'profile:username', channel.username),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    link({
      rel: 'alternate',
      type: 'application/atom+xml',
      href: `${origin}${FEED_PATHS.channel(channel.username)}`,
      title,
    }),
  ].join('\n    ');
}

/** A public playlist's head: its title, whose it is, how many videos, its first thumbnail. */
export function playlistHead(origin: string, playlist: HeadPlaylist): string {
  const url = `${origin}/playlist?list=${playlist.id}`;
  const count = `${playlist.videos} ${playlist.videos === 1 ? 'video' : 'videos'}`;
  const description = playlist.description
    ? summary(playlist.description)
    : `A playlist of ${count} by @${playlist.ownerUsername} on ${SITE_NAME}.`;
  return [
    `<title>${escapeXml(playlist.title)} - ${SITE_NAME}</title>`,
    meta('name', 'description', description),
    link({ rel: 'canonical', href: url }),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', `${playlist.title} (${count})`),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(playlist.thumbnail
      ? [meta('property', 'og:image', absoluteUrl(origin, playlist.thumbnail))]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', playlist.title),
    meta('name', 'twitter:description', description),
  ].join('\n    ');
}

/**
 * The built index.html with room for a page's head: its own `<title>` and description are taken
 * out, and a page's head goes where the title was. Found once, at start.
 */
export function shellTemplate(html: string): { render(head: string): string } {
  const withoutDescription = html.replace(/\s*<meta name="description"[^>]*>/, '');
  const title = /<title>[^<]*<\/title>/.exec(withoutDescription);
  if (title) {
    const before = withoutDescription.slice(0, title.index);
    const after = withoutDescription.slice(title.index + title[0].length);
    return { render: (head) => `${before}${head}${after}` };
  }
  const close = withoutDescription.indexOf('</head>');
  if (close >= 0) {
    const before = withoutDescription.slice(0, close);
    const after = withoutDescription.slice(close);
    return { render: (head) => `${before}${head}${after}` };
  }
  return { render: (head) => `<head>${head}</head>${withoutDescription}` };
}
