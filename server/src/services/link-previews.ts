import { embedCode, embedSize, embedUrl, type Oembed, type OembedQuery } from '@contract';
import { AppError, notFound } from '../lib/errors.js';
import { absoluteUrl } from '../feeds/xml.js';
import {
  SITE_NAME,
  channelHead,
  pageOfPath,
  playlistHead,
  videoHead,
  type HeadPlaylist,
  type HeadVideo,
} from '../pages/heads.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { VideoService } from './video.service.js';
import { isChannelHidden } from '../rules/account-visibility.js';
import type { MediaUrls } from './media-urls.js';

const NOT_EMBEDDABLE = 'No video to embed at this URL.';
/** Thumbnails are re-encoded at their uploaded size; oEmbed states the embed's own size. */
const THUMBNAIL = { width: 1280, height: 720 } as const;

/**
 * What a shared link shows elsewhere: the head of a watch, embed, channel or playlist page, and
 * oEmbed.
 * Both describe only what a visitor finds in lists (`VideoService.findListed`); a private,
 * unlisted or unplayable video gets the generic head and a 404, so a link reveals nothing of
 * it. Heads never depend on who asks: the same page goes to everyone.
 */
export class LinkPreviews {
  constructor(
    private readonly deps: {
      videos: VideoService;
      users: UserRepository;
      urls: MediaUrls;
      /** A public playlist as its head shows it (PlaylistService); others are undefined. */
      playlists?: { publicHead(id: string): Promise<HeadPlaylist | undefined> };
    },
  ) {}

  /** The head for a page of the app, or undefined for the generic one. */
  async headFor(url: string, origin: string): Promise<string | undefined> {
    const page = pageOfPath(url);
    if (!page) return undefined;
    if (page.kind === 'playlist') {
      const playlist = await this.deps.playlists?.publicHead(page.id);
      return playlist ? playlistHead(origin, playlist) : undefined;
    }
    if (page.kind === 'channel') {
      const user = await this.deps.users.findByUsername(page.username.trim().toLowerCase());
      if (!user || isChannelHidden(user)) return undefined;
      return channelHead(origin, {
        username: user.username,
        fullName: user.full_name,
        avatar: this.deps.urls.shared(user.avatar_key),
        videos: Number(user.public_videos_count),
      });
    }
    const video = await this.listedVideo(page.id);
    return video ? videoHead(origin, video) : undefined;
  }

  /** oEmbed 1.0 for a watch or embed URL of this site. */
  async oembed(query: OembedQuery, origin: string): Promise<Oembed> {
    if (query.format !== 'json') {
      throw new AppError(501, 'Only format=json is served.');
    }
    const id = videoIdOfUrl(query.url, origin);
    const video = id ? await this.listedVideo(id) : undefined;
    if (!video) throw notFound(NOT_EMBEDDABLE);
    const size = embedSize(query.maxwidth, query.maxheight);
    const author = `${origin}/username/${encodeURIComponent(video.ownerUsername)}`;
    return {
      type: 'video',
      version: '1.0',
      title: video.title,
      author_name: video.ownerUsername,
      author_url: author,
      provider_name: SITE_NAME,
      provider_url: `${origin}/`,
      thumbnail_url: absoluteUrl(origin, video.thumbnail),
      thumbnail_width: THUMBNAIL.width,
      thumbnail_height: THUMBNAIL.height,
      html: embedCode(embedUrl(origin, video.id), video.title, size),
      width: size.width,
      height: size.height,
    };
  }

  private async listedVideo(id: string): Promise<HeadVideo | undefined> {
    const row = await this.deps.videos.findListed(id);
    if (!row) return undefined;
    const video = this.deps.videos.present(row);
    return {
      id: video._id,
      title: video.title,
      description: video.description,
      ownerUsername: video.owner.username,
      thumbnail: video.thumbnail,
      videoFile: video.videoFile,
      duration: video.duration,
      createdAt: video.createdAt,
    };
  }
}

/**
 * The video id of a watch or embed URL on this site, or undefined. The host decides, not the
 * scheme: behind a TLS proxy the site may see itself as http while its links say https.
 */
export function videoIdOfUrl(url: string, origin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.host !== new URL(origin).host) return undefined;
  const page = pageOfPath(parsed.pathname);
  return page && (page.kind === 'watch' || page.kind === 'embed') ? page.id : undefined;
}
