import type { Video } from '@contract';
import { absoluteUrl, element, empty } from './xml.js';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export interface AtomFeed {
  /** The site's address, without a trailing slash. */
  origin: string;
  title: string;
  /** Where the feed itself is (its path and query, on `origin`). */
  self: string;
  /** The page the feed stands for (a channel page, the home page). */
  alternate: string;
  /** A stable id for the feed. */
  id: string;
  videos: readonly Video[];
  /** When nothing is listed, the feed's own update time. */
  emptyUpdated: string;
}

/**
 * An Atom feed of videos with Media RSS, as YouTube's channel feeds are: each entry links to
 * its watch page, carries the MP4 as an enclosure and in `media:content` (type, duration), the
 * thumbnail in `media:thumbnail` and the description. Every text is escaped.
 */
export function atomFeed(feed: AtomFeed): string {
  const { origin } = feed;
  const updated = feed.videos[0]?.createdAt ?? feed.emptyUpdated;
  const entries = feed.videos.map((video) => atomEntry(origin, video)).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">' +
    element('title', feed.title) +
    element('id', feed.id) +
    empty('link', { rel: 'self', type: 'application/atom+xml', href: `${origin}${feed.self}` }) +
    empty('link', { rel: 'alternate', type: 'text/html', href: `${origin}${feed.alternate}` }) +
    element('updated', updated) +
    element('generator', 'Vidshare') +
    entries +
    '</feed>'
  );
}

function atomEntry(origin: string, video: Video): string {
  const watch = `${origin}/watch/${video._id}`;
  const file = video.videoFile ? absoluteUrl(origin, video.videoFile) : undefined;
  const thumbnail = video.thumbnail ? absoluteUrl(origin, video.thumbnail) : undefined;
  const duration = Math.round(video.duration);
  return (
    '<entry>' +
    element('id', `${origin}/watch/${video._id}`) +
    element('title', video.title) +
    empty('link', { rel: 'alternate', type: 'text/html', href: watch }) +
    (file ? empty('link', { rel: 'enclosure', type: 'video/mp4', href: file }) : '') +
    '<author>' +
    element('name', video.owner.username) +
    element('uri', `${origin}/username/${encodeURIComponent(video.owner.username)}`) +
    '</author>' +
    element('published', video.createdAt) +
    element('updated', video.createdAt) +
    element('summary', video.description) +
    '<media:group>' +
    element('media:title', video.title) +
    element('media:description', video.description) +
    (file
      ? empty('media:content', { url: file, type: 'video/mp4', medium: 'video', duration })
      : '') +
    (thumbnail ? empty('media:thumbnail', { url: thumbnail }) : '') +
    '</media:group>' +
    '</entry>'
  );
}
