import type { Insertable } from 'kysely';
import type { Role } from '@contract';
import type { VideosTable } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { signedInUser } from './fixtures.js';
import { apiCall } from './api-client.js';
import { staffUser, type SignedIn } from './staff.js';
import type { TestApp } from './test-app.js';
import { insertVideo, mediaLayout } from './video-rows.js';

/**
 * Test factories: each builds one kind of row with defaults for every column it needs, so a test
 * names only what it is about, and a new column (with a default) breaks no fixture.
 *
 * Users, comments and playlists go through the real endpoints (sign-up and sign-in, triggers,
 * counts, notifications all run as in production). Video rows are inserted directly, since a real
 * upload needs ffmpeg; they have the layout a processed upload has: every key under
 * `videos/{id}/{mediaToken}/`, the original kept, status ready and playable (the table's
 * defaults). No file is written: these rows serve list, search, count and access tests.
 */

export type { SignedIn };

/** Anything that names a user: an id, or what `createUser`/`signedInUser` answered. */
export type UserRef = string | { user: { _id: string } };

const userId = (ref: UserRef) => (typeof ref === 'string' ? ref : ref.user._id);

/** A registered, signed-in user (with a role in the database when `role` is given). */
export function createUser(
  t: TestApp,
  options: { prefix?: string; role?: Role } = {},
): Promise<SignedIn> {
  const prefix = options.prefix ?? options.role ?? 'user';
  return options.role ? staffUser(t, options.role, prefix) : signedInUser(t.server, prefix);
}

export type VideoRow = Insertable<VideosTable> & { id: string; created_at: number };

/**
 * A videos row as a processed upload leaves it, for tests that insert many at once
 * (`insertVideoRows`). `created_at` is now unless given; `updated_at` follows it.
 */
export function videoRow(
  owner: UserRef,
  overrides: Partial<Insertable<VideosTable>> = {},
): VideoRow {
  const createdAt = overrides.created_at ?? Date.now();
  const id = overrides.id ?? newId(createdAt);
  return {
    ...mediaLayout(id),
    owner_id: userId(owner),
    title: 'Untitled video',
    description: 'A description',
    hashtag: '#none',
    visibility: 'public',
    duration: 10,
    updated_at: createdAt,
    ...overrides,
    id,
    created_at: createdAt,
  };
}

/** Inserts rows from `videoRow` in batches (one statement per batch, within any driver's limit). */
export async function insertVideoRows(t: TestApp, rows: readonly VideoRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await t.database.db
      .insertInto('videos')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/**
 * Inserts one video row (see above) and answers its id. Its time is the app's clock when the
 * test gave the app one (so it sits where the test put it among what the app writes: move the
 * clock to order two rows); otherwise each is a millisecond after the last, so "newest first"
 * is well defined.
 */
export async function createVideo(
  t: TestApp,
  owner: UserRef,
  overrides: Partial<Insertable<VideosTable>> = {},
): Promise<string> {
  const at = overrides.created_at ?? t.now?.();
  const id = overrides.id ?? newId(at);
  return insertVideo(t, userId(owner), {
    ...(at === undefined ? {} : { created_at: at, updated_at: at }),
    ...overrides,
    id,
  });
}

async function created(response: ReturnType<typeof apiCall>, what: string): Promise<string> {
  const res = await response;
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  }
  return res.json().data._id as string;
}

/**
 * A comment by `author` on a video (or a reply, with `parentId`), written through the API; its
 * id. Its time is the app's clock.
 */
export function createComment(
  t: TestApp,
  author: { cookie: string },
  target: { videoId: string } | { parentId: string },
  content = 'A comment',
): Promise<string> {
  const url =
    'videoId' in target
      ? `/comments/createcomments/u/${target.videoId}`
      : `/comments/replycomment/u/${target.parentId}`;
  return created(
    apiCall(t, 'POST', url, { cookie: author.cookie, payload: { content } }),
    'comment',
  );
}

/** A playlist of `owner`'s holding `videoIds` in that order, through the API; its id. */
export async function createPlaylist(
  t: TestApp,
  owner: { cookie: string },
  fields: {
    title?: string;
    description?: string;
    visibility?: 'public' | 'unlisted' | 'private';
    videoIds?: readonly string[];
  } = {},
): Promise<string> {
  const { videoIds = [], ...rest } = fields;
  const id = await created(
    apiCall(t, 'POST', '/playlists', {
      cookie: owner.cookie,
      payload: { title: 'A playlist', visibility: 'public', ...rest },
    }),
    'playlist',
  );
  for (const videoId of videoIds) {
    const res = await apiCall(t, 'POST', `/playlists/${id}/videos`, {
      cookie: owner.cookie,
      payload: { videoId },
    });
    if (res.statusCode >= 300) throw new Error(`adding to a playlist failed: ${res.body}`);
  }
  return id;
}
