import { WATCH_LATER_ID, type PlaylistChoice, type PlaylistSummary, type Video } from '@contract';
import { isoTime } from '../lib/iso-time.js';
import type {
  PlaylistChoiceRow,
  PlaylistRow,
  PlaylistWithOwner,
} from '../repositories/playlist.repository.js';
import type { MediaUrls } from '../services/media-urls.js';

export const WATCH_LATER_TITLE = 'Watch later';

/** The id clients use: Watch later answers to its alias wherever it appears. */
export function publicPlaylistId(row: Pick<PlaylistRow, 'id' | 'kind'>): string {
  return row.kind === 'watch_later' ? WATCH_LATER_ID : row.id;
}

export function toPlaylistSummary(
  row: PlaylistWithOwner,
  count: number,
  first: Video | undefined,
  urls: MediaUrls,
): PlaylistSummary {
  return {
    _id: publicPlaylistId(row),
    kind: row.kind,
    title: row.kind === 'watch_later' ? WATCH_LATER_TITLE : row.title,
    description: row.description,
    visibility: row.visibility,
    owner: {
      _id: row.owner_id,
      username: row.owner_username,
      fullName: row.owner_full_name,
      avatar: urls.shared(row.owner_avatar_key),
    },
    videosCount: count,
    thumbnail: first?.thumbnail ?? null,
    firstVideoId: first?._id ?? null,
    createdAt: isoTime(Number(row.created_at)),
    updatedAt: isoTime(Number(row.updated_at)),
  };
}

export function toPlaylistChoice(row: PlaylistChoiceRow): PlaylistChoice {
  return {
    _id: publicPlaylistId(row),
    kind: row.kind,
    title: row.kind === 'watch_later' ? WATCH_LATER_TITLE : row.title,
    visibility: row.visibility,
    containsVideo: Number(row.contains_video) === 1,
  };
}
