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
import type { ThumbnailSizes } from '../caches/thumbnail-sizes.js';
import { fitsInside } from '../media/webp-size.js';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import type { MediaUrls } from './media-urls.js';

const NOT_EMBEDDABLE = 'No video to embed at this URL.';

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
      thumbnailSizes: Pick<ThumbnailSizes, 'of'>;
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

  /**
   * oEmbed 1.0 for a watch or embed URL of this site. The thumbnail is stated at its real size,
   * and left out when it is larger than `maxwidth` or `maxheight`: the specification has the
   * thumbnail respect them too, and there is no smaller copy to offer.
   */
  async oembed(query: OembedQuery, origin: string): Promise<Oembed> {
    if (query.format !== 'json') {
      throw new AppError(501, 'Only format=json is served.');
    }
    const id = videoIdOfUrl(query.url, origin);
    const row = id ? await this.deps.videos.findListed(id) : undefined;
    if (!row) throw notFound(NOT_EMBEDDABLE);
    const video = this.headOf(row);
    const size = embedSize(query.maxwidth, query.maxheight);
    const author = `${origin}/username/${encodeURIComponent(video.ownerUsername)}`;
    // A store that does not answer costs the answer its thumbnail, not the answer.
    const thumbnail = row.thumbnail_key
      ? await this.deps.thumbnailSizes.of(row.thumbnail_key).catch(() => undefined)
      : undefined;
    const fits =
      thumbnail && fitsInside(thumbnail, { width: query.maxwidth, height: query.maxheight });
    return {
      type: 'video',
      version: '1.0',
      title: video.title,
      author_name: video.ownerUsername,
      author_url: author,
      provider_name: SITE_NAME,
      provider_url: `${origin}/`,
      ...(thumbnail && fits
        ? {
            thumbnail_url: absoluteUrl(origin, video.thumbnail),
            thumbnail_width: thumbnail.width,
            thumbnail_height: thumbnail.height,
          }
        : {}),
      html: embedCode(embedUrl(origin, video.id), video.title, size),
      width: size.width,
      height: size.height,
    };
  }

  private async listedVideo(id: string): Promise<HeadVideo | undefined> {
    const row = await this.deps.videos.findListed(id);
    return row ? this.headOf(row) : undefined;
  }

  private headOf(row: VideoWithOwner): HeadVideo {
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
