import { element, escapeXml } from './xml.js';

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** Google's limit on a video description in a sitemap. */
const DESCRIPTION_MAX = 2048;

export interface SitemapVideo {
  id: string;
  title: string;
  description: string;
  /** Absolute URLs. */
  thumbnail: string;
  file: string;
  duration: number;
  views: number;
  createdAt: string;
  updatedAt: string;
}

/** The index of the video sitemaps: `/sitemap.xml?page=1…pages`. */
export function sitemapIndex(origin: string, pages: number): string {
  let body = '';
  for (let page = 1; page <= pages; page += 1) {
    body += `<sitemap>${element('loc', `${origin}/sitemap.xml?page=${page}`)}</sitemap>`;
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>`
  );
}

/** One page of public videos, each a watch page with Google's video extension. */
export function videoSitemap(origin: string, videos: readonly SitemapVideo[]): string {
  const urls = videos
    .map((video) => {
      const description = [...video.description].slice(0, DESCRIPTION_MAX).join('');
      return (
        '<url>' +
        element('loc', `${origin}/watch/${video.id}`) +
        element('lastmod', video.updatedAt) +
        '<video:video>' +
        element('video:thumbnail_loc', video.thumbnail) +
        element('video:title', video.title) +
        element('video:description', description) +
        element('video:content_loc', video.file) +
        element('video:player_loc', `${origin}/embed/${video.id}`) +
        element('video:duration', String(Math.max(1, Math.round(video.duration)))) +
        element('video:view_count', String(video.views)) +
        element('video:publication_date', video.createdAt) +
        '</video:video>' +
        '</url>'
      );
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
    'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">' +
    urls +
    '</urlset>'
  );
}

/** Crawlers may read public pages and media; not the API, the studio, or anyone's own lists. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /stdio/',
    'Disallow: /signin',
    'Disallow: /signup',
    'Disallow: /likedvideos',
    'Disallow: /userSubscriptions',
    'Disallow: /channels',
    'Disallow: /feeds/subscriptions.xml',
    '',
    `Sitemap: ${escapeXml(origin)}/sitemap.xml`,
    '',
  ].join('\n');
}
