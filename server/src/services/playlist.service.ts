import {
  LIMITS,
  PLAYLIST_MESSAGES,
  VISIBILITIES,
  WATCH_LATER_ID,
  type PlaylistChoice,
  type PlaylistDetail,
  type PlaylistMembership,
  type PlaylistSummary,
  type PlaylistUpdate,
  type Video,
  type Visibility,
} from '@contract';
import { isForeignKeyViolation } from '../db/database.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/errors.js';
import { ID_PATTERN, newId } from '../lib/ids.js';
import { isoTime } from '../lib/iso-time.js';
import type { PlaylistRepository, PlaylistWithOwner } from '../repositories/playlist.repository.js';
import type {
  PlaylistItemRepository,
  PlaylistItemRow,
} from '../repositories/playlist-item.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { HeadPlaylist } from '../pages/heads.js';
import type { VideoListRow } from '../repositories/video.repository.js';
import type { MediaUrls } from './media-urls.js';
import {
  WATCH_LATER_TITLE,
  publicPlaylistId,
  toPlaylistChoice,
  toPlaylistSummary,
} from '../mappers/playlist.mapper.js';
import { pageInfo } from '../rules/video-query.js';
import { isChannelHidden } from '../rules/account-visibility.js';
import type { VideoCards } from '../caches/video-cards.js';
import type { VideoService } from './video.service.js';

/** The Save menu lists this many of the caller's playlists at most (newest first). */
const CHOICES_MAX = 500;

export interface PlaylistPage {
  data: PlaylistSummary[];
  totalPlaylists: number;
  totalPages: number;
  currentPage: number;
}

/**
 * Playlists and Watch later. A private playlist exists only for its owner (404 to anyone else,
 * like a private video); an unlisted one opens by its id; public ones are also listed on the
 * channel. Inside any of them a viewer gets only the videos they may see, by the same stored
 * visibility every other list follows, and counts count those. Only the owner changes one.
 */
export class PlaylistService {
  constructor(
    private readonly deps: {
      playlists: PlaylistRepository;
      items: PlaylistItemRepository;
      videos: VideoService;
      cards: VideoCards;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /**
   * The playlist an id names for this viewer, or undefined for a Watch later not made yet.
   * Private ones of others are a 404; `write` also refuses (403) anyone but the owner and makes
   * the caller's Watch later if need be.
   */
  private async resolve(
    id: string,
    viewer: UserRow | undefined,
    mode: 'read' | 'write',
  ): Promise<PlaylistWithOwner | undefined> {
    const { playlists } = this.deps;
    if (id === WATCH_LATER_ID) {
      if (!viewer) throw unauthorized();
      const own = await playlists.findWatchLater(viewer.id);
      if (own || mode === 'read') return own;
      const now = this.now();
      return playlists.ensureWatchLater({
        id: newId(now),
        owner_id: viewer.id,
        kind: 'watch_later',
        title: WATCH_LATER_TITLE,
        description: '',
        visibility: 'private',
        created_at: now,
        updated_at: now,
      });
    }
    if (!ID_PATTERN.test(id)) throw notFound(PLAYLIST_MESSAGES.notFound);
    const row = await playlists.findById(id);
    if (!row || (row.owner_id !== viewer?.id && !isShownToOthers(row))) {
      throw notFound(PLAYLIST_MESSAGES.notFound);
    }
    if (mode === 'write' && row.owner_id !== viewer?.id) {
      throw forbidden('Only the owner can change this playlist.');
    }
    return row;
  }

  /** Watch later as it looks before its first video: empty, private, the caller's. */
  private unmadeWatchLater(viewer: UserRow): PlaylistWithOwner {
    return {
      id: WATCH_LATER_ID,
      owner_id: viewer.id,
      kind: 'watch_later',
      title: WATCH_LATER_TITLE,
      description: '',
      visibility: 'private',
      created_at: viewer.created_at,
      updated_at: viewer.created_at,
      owner_username: viewer.username,
      owner_full_name: viewer.full_name,
      owner_avatar_key: viewer.avatar_key,
      owner_suspended_at: viewer.suspended_at,
      owner_awaiting_approval: viewer.awaiting_approval,
    };
  }

  async create(
    viewer: UserRow,
    body: { title: string; description: string; visibility: Visibility },
  ): Promise<PlaylistSummary> {
    const now = this.now();
    const id = newId(now);
    await this.deps.playlists.insert({
      id,
      owner_id: viewer.id,
      kind: 'playlist',
      title: body.title,
      description: body.description,
      visibility: body.visibility,
      created_at: now,
      updated_at: now,
    });
    return this.summary(id, viewer);
  }

  /** One page of the playlist's videos, with the playlist as a list would show it. */
  async get(
    id: string,
    viewer: UserRow | undefined,
    page: number,
    limit: number,
  ): Promise<PlaylistDetail> {
    const offset = (page - 1) * limit;
    // The playlist, its count and its page from one snapshot: a video that went private (or a
    // playlist that did) between two of these reads cannot show through.
    const { page: read, entries } = await this.deps.cards.read(async () => {
      const row = await this.resolve(id, viewer, 'read');
      if (!row) {
        const unmade = { ...this.unmadeWatchLater(viewer!), videos_count: 0, first_video_id: null };
        return { row: unmade, count: 0, items: 0, rows: [] as VideoListRow[] };
      }
      const summary = await this.deps.playlists.summaryOf(row.id, viewer?.id);
      if (!summary) throw notFound(PLAYLIST_MESSAGES.notFound);
      const items = await this.deps.items.items(row.id, viewer?.id, limit, offset);
      const first = summary.first_video_id;
      const extra: VideoListRow[] =
        first && !items.some((item) => item.id === first)
          ? await this.deps.items.videoRows([first])
          : [];
      return {
        row: summary,
        count: Number(summary.videos_count),
        items: items.length,
        rows: [...items, ...extra],
      };
    });
    const videos = entries.slice(0, read.items);
    const first = entries.find((e) => e.video._id === read.row.first_video_id)?.video;
    return {
      ...toPlaylistSummary(read.row, read.count, first, this.deps.urls),
      videos: videos.map(({ row, video }, i) => ({
        ...video,
        position: offset + i,
        addedAt: isoTime(Number((row as Partial<PlaylistItemRow>).added_at)),
      })),
      totalVideos: read.count,
      totalPages: Math.ceil(read.count / limit),
      currentPage: page,
    };
  }

  /** The caller's own playlists (all of them) or someone else's public ones; not Watch later. */
  async list(
    ownerId: string | undefined,
    viewer: UserRow | undefined,
    page: number,
    limit: number,
  ): Promise<PlaylistPage> {
    const owner = ownerId ?? viewer?.id;
    if (!owner) {
      throw badRequest('owner is required when signed out.', [
        { field: 'owner', message: 'owner is required when signed out.' },
      ]);
    }
    const visibilities: readonly Visibility[] = owner === viewer?.id ? VISIBILITIES : ['public'];
    const { page: read, entries } = await this.deps.cards.read(async () => {
      const found = await this.deps.playlists.ownerPage(
        owner,
        visibilities,
        viewer?.id,
        limit,
        (page - 1) * limit,
      );
      const firsts = [
        ...new Set(found.rows.map((r) => r.first_video_id).filter((v): v is string => !!v)),
      ];
      return { ...found, playlists: found.rows, rows: await this.deps.items.videoRows(firsts) };
    });
    const cards = new Map(entries.map((e) => [e.video._id, e.video]));
    const { totalVideos, ...info } = pageInfo(read.total, page, limit);
    return {
      data: read.playlists.map((r) =>
        toPlaylistSummary(
          r,
          Number(r.videos_count),
          r.first_video_id ? cards.get(r.first_video_id) : undefined,
          this.deps.urls,
        ),
      ),
      totalPlaylists: totalVideos,
      ...info,
    };
  }

  /** A playlist as lists show it, for the caller. */
  private async summary(rowId: string, viewer: UserRow): Promise<PlaylistSummary> {
    const { page: read, entries } = await this.deps.cards.read(async () => {
      const row = await this.deps.playlists.summaryOf(rowId, viewer.id);
      if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
      return {
        row,
        rows: row.first_video_id ? await this.deps.items.videoRows([row.first_video_id]) : [],
      };
    });
    const first: Video | undefined = entries[0]?.video;
    return toPlaylistSummary(read.row, Number(read.row.videos_count), first, this.deps.urls);
  }

  /**
   * A public playlist as a shared link's head shows it, to everyone alike (counted as a visitor
   * sees it); undefined for any other, so a link reveals nothing of a private or unlisted one.
   */
  async publicHead(id: string): Promise<HeadPlaylist | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    const row = await this.deps.playlists.findById(id);
    if (!row || row.kind !== 'playlist' || row.visibility !== 'public' || !isShownToOthers(row)) {
      return undefined;
    }
    const { page: read, entries } = await this.deps.cards.read(async () => {
      const summary = await this.deps.playlists.summaryOf(row.id, undefined);
      const first = summary?.first_video_id;
      return { summary, rows: first ? await this.deps.items.videoRows([first]) : [] };
    });
    const summary = read.summary;
    if (!summary || summary.visibility !== 'public') return undefined;
    return {
      id: summary.id,
      title: summary.title,
      description: summary.description,
      ownerUsername: summary.owner_username,
      ownerName: summary.owner_full_name,
      videos: Number(summary.videos_count),
      thumbnail: entries[0]?.video.thumbnail ?? null,
    };
  }

  async update(id: string, viewer: UserRow, patch: PlaylistUpdate): Promise<PlaylistSummary> {
    const row = await this.resolve(id, viewer, 'write');
    if (row!.kind === 'watch_later') throw badRequest(PLAYLIST_MESSAGES.builtIn);
    await this.deps.playlists.update(row!.id, { ...patch, updated_at: this.now() });
    return this.summary(row!.id, viewer);
  }

  async remove(id: string, viewer: UserRow): Promise<void> {
    if (id === WATCH_LATER_ID) throw badRequest(PLAYLIST_MESSAGES.builtIn);
    const row = await this.resolve(id, viewer, 'write');
    if (row!.kind === 'watch_later') throw badRequest(PLAYLIST_MESSAGES.builtIn);
    await this.deps.playlists.delete(row!.id);
  }

  /** The caller's playlists for the Save menu: Watch later first, then the newest. */
  async choices(videoId: string, viewer: UserRow): Promise<PlaylistChoice[]> {
    const video = await this.deps.videos.findVisible(videoId, viewer);
    const rows = await this.deps.playlists.choices(viewer.id, video.id, CHOICES_MAX);
    const choices = rows.map(toPlaylistChoice);
    if (!rows.some((r) => r.kind === 'watch_later')) {
      choices.unshift({
        _id: WATCH_LATER_ID,
        kind: 'watch_later',
        title: WATCH_LATER_TITLE,
        visibility: 'private',
        containsVideo: false,
      });
    }
    return choices;
  }

  /** Appends a video the caller may see; adding one already there changes nothing. */
  async addVideo(id: string, viewer: UserRow, videoId: string): Promise<PlaylistMembership> {
    const video = await this.deps.videos.findVisible(videoId, viewer);
    const row = (await this.resolve(id, viewer, 'write'))!;
    let result;
    try {
      result = await this.deps.items.addVideo(
        row.id,
        video.id,
        this.now(),
        LIMITS.playlistVideosMax,
      );
    } catch (err) {
      // The video (or the playlist) was deleted between the checks and the insert.
      if (isForeignKeyViolation(err)) throw notFound(PLAYLIST_MESSAGES.notFound);
      throw err;
    }
    if (result === 'full') throw conflict(PLAYLIST_MESSAGES.full);
    return this.membership(row, video.id, true, viewer);
  }

  /** The owner may take out any video of their playlist, even one they can no longer see. */
  async removeVideo(id: string, viewer: UserRow, videoId: string): Promise<PlaylistMembership> {
    const row = await this.resolve(id, viewer, 'read');
    if (row && row.owner_id !== viewer.id) {
      throw forbidden('Only the owner can change this playlist.');
    }
    if (
      !row ||
      !ID_PATTERN.test(videoId) ||
      !(await this.deps.items.removeVideo(row.id, videoId, this.now()))
    ) {
      throw notFound(PLAYLIST_MESSAGES.notInPlaylist);
    }
    return this.membership(row, videoId, false, viewer);
  }

  /** Moves a video to a 0-based place in the list as its owner sees it (clamped to the end). */
  async moveVideo(
    id: string,
    viewer: UserRow,
    videoId: string,
    position: number,
  ): Promise<{ videoId: string; position: number }> {
    const row = await this.resolve(id, viewer, 'read');
    if (row && row.owner_id !== viewer.id) {
      throw forbidden('Only the owner can change this playlist.');
    }
    const landed =
      row && ID_PATTERN.test(videoId)
        ? await this.deps.items.moveVideo(row.id, videoId, position, viewer.id, this.now())
        : undefined;
    if (landed === undefined) throw notFound(PLAYLIST_MESSAGES.notInPlaylist);
    return { videoId, position: landed };
  }

  private async membership(
    row: PlaylistWithOwner,
    videoId: string,
    containsVideo: boolean,
    viewer: UserRow,
  ): Promise<PlaylistMembership> {
    const summary = await this.deps.playlists.summaryOf(row.id, viewer.id);
    return {
      playlistId: publicPlaylistId(row),
      videoId,
      containsVideo,
      videosCount: Number(summary?.videos_count ?? 0),
    };
  }
}

/**
 * Whether anyone but its owner may open the playlist: not private, and its owner's channel not
 * hidden (suspended or awaiting approval), as the channel's own page is not.
 */
function isShownToOthers(row: PlaylistWithOwner): boolean {
  return (
    row.visibility !== 'private' &&
    !isChannelHidden({
      suspended_at: row.owner_suspended_at,
      awaiting_approval: row.owner_awaiting_approval,
    })
  );
}
