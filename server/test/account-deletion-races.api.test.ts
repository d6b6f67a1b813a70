import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentRepository } from '../src/repositories/comment.repository.js';
import { LikeRepository } from '../src/repositories/like.repository.js';
import { countDrift, rowsMentioning } from './helpers/account-traces.js';
import {
  accountDeletionApp,
  mediaKey,
  personCalls,
  traces,
  type Person,
} from './helpers/account-deletion-app.js';
import { apiCall } from './helpers/api-client.js';
import { multipart, pngImage, signedInUser } from './helpers/fixtures.js';
import type { GatedStore } from './helpers/gated-store.js';
import type { manualClock } from './helpers/mail-app.js';
import { publish, publishVideo, uploadFields } from './helpers/media.js';
import type { TestSmtpServer } from './helpers/smtp-server.js';
import { listFiles, type TestApp } from './helpers/test-app.js';

/**
 * Deleting one's own account while other requests run: an upload or a new picture under way,
 * others liking, commenting and subscribing, a like whose target goes between its check and
 * its write. Nothing of the account is left and every count stays right.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let store: GatedStore;
let clock: ReturnType<typeof manualClock>;

beforeAll(async () => {
  ({ t, smtp, store, clock } = await accountDeletionApp());
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { deleteAccount, like, comment, reply, subscribe } = personCalls(() => t);

describe('DELETE /users/me while other requests run', () => {
  it('removes a video uploaded while the deletion ran, in a second round', async () => {
    const leaver = await signedInUser(t.server, 'lateupload');
    expect((await publish(t.server, leaver.cookie, await uploadFields())).statusCode).toBe(201);
    // An upload already past its session check, held before it stores anything.
    const upload = store.hold('putFile');
    const uploading = publish(t.server, leaver.cookie, await uploadFields({ title: 'Late one' }));
    await upload.reached;
    // The deletion stops while removing the first video's files; the upload then finishes.
    const removing = store.hold('delete');
    const deleting = deleteAccount(leaver);
    await removing.reached;
    upload.release();
    expect((await uploading).statusCode).toBe(201);
    removing.release();
    expect((await deleting).statusCode).toBe(200);
    expect(await rowsMentioning(t.database, traces(leaver))).toEqual([]);
    expect((await listFiles(t.mediaDir)).filter((f) => f.startsWith('videos/'))).toEqual(
      await othersVideoFiles(leaver),
    );
    expect(await countDrift(t.database)).toEqual([]);
  });

  it('refuses an upload or a new picture that arrives after the account is gone, keeping no file', async () => {
    const leaver = await signedInUser(t.server, 'toolate');
    const avatar = mediaKey(
      (await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie })).json().user
        .avatar,
    );
    const filesBefore = await listFiles(t.mediaDir);
    expect(filesBefore).toContain(avatar);
    const upload = store.hold('putFile');
    const uploading = publish(t.server, leaver.cookie, await uploadFields());
    await upload.reached;
    const picture = store.hold('putBuffer');
    const body = multipart({ avatar: await pngImage(100, 100) });
    const changing = t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: body.payload,
      headers: { ...body.headers, cookie: leaver.cookie },
    });
    await picture.reached;
    expect((await deleteAccount(leaver)).statusCode).toBe(200);
    upload.release();
    picture.release();
    const late = await uploading;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ success: false, statusCode: 409 });
    expect((await changing).statusCode).toBe(401);
    expect(await rowsMentioning(t.database, traces(leaver))).toEqual([]);
    expect(await listFiles(t.mediaDir)).toEqual(filesBefore.filter((f) => f !== avatar));
  });

  it('keeps every count right while others like, comment and subscribe during the deletion', async () => {
    const leaver = await signedInUser(t.server, 'busyleaver');
    const owner = await signedInUser(t.server, 'busyowner');
    const crowd = await Promise.all([1, 2, 3].map((n) => signedInUser(t.server, `crowd${n}`)));
    const own = await publishVideo(t, leaver.cookie, { title: 'Popular soon gone' });
    const theirs = await publishVideo(t, owner.cookie, { title: 'Popular staying' });
    const mine = (await comment(leaver, theirs._id, 'Leaver comment')).json().data;
    const ownersComment = (await comment(owner, theirs._id, 'Owner comment')).json().data;
    await like(leaver, 'Video', theirs._id);
    await like(leaver, 'Comment', ownersComment._id);
    for (const p of crowd) {
      await like(p, 'Video', own._id);
      await like(p, 'Comment', mine._id);
    }

    const activity: Promise<{ statusCode: number }>[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const p of crowd) {
        activity.push(
          like(p, 'Video', own._id),
          like(p, 'Video', theirs._id),
          like(p, 'Comment', mine._id),
          like(p, 'Comment', ownersComment._id),
          comment(p, own._id, `Comment ${round}`),
          reply(p, mine._id, `Reply ${round}`),
          subscribe(p, leaver.user._id),
        );
      }
      // The leaver's own requests, already under way when the deletion starts.
      activity.push(like(leaver, 'Video', theirs._id), comment(leaver, theirs._id, 'Late'));
    }
    const deletion = deleteAccount(leaver);
    const answers = await Promise.all(activity);
    expect((await deletion).statusCode).toBe(200);
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);

    expect(await countDrift(t.database)).toEqual([]);
    expect(await rowsMentioning(t.database, traces(leaver, [own._id, mine._id]))).toEqual([]);
    const video = (
      await apiCall(t, 'GET', `/videos/vid-id/${theirs._id}`, { cookie: owner.cookie })
    ).json().data;
    const likers = await t.database.db
      .selectFrom('likes')
      .select('user_id')
      .where('target_type', '=', 'Video')
      .where('target_id', '=', theirs._id)
      .where('kind', '=', 'like')
      .execute();
    expect(video.likesCount).toBe(likers.length);
    expect(likers.map((l) => l.user_id)).not.toContain(leaver.user._id);
    for (const p of crowd) {
      const liked = (
        await apiCall(t, 'GET', '/toggle/getlikedvideos', { cookie: p.cookie })
      ).json();
      expect(liked.totalVideoLikes).toBe(liked.data.length);
    }
  });
});

describe('a like racing a delete', () => {
  it('writes nothing when the video or comment went between the check and the write', async () => {
    // The like service checks the target, then toggles in a transaction that takes the
    // video's lock (every delete takes it first): what matters is what that transaction does
    // when the target is gone by the time it holds the lock.
    const liker = await signedInUser(t.server, 'racer');
    const owner = await signedInUser(t.server, 'raced');
    const video = (await publish(t.server, owner.cookie, await uploadFields())).json().data;
    const top = await t.database.db
      .insertInto('comments')
      .values({
        id: 'c0ffee0000000000000000aa',
        video_id: video._id,
        owner_id: owner.user._id,
        parent_id: null,
        content: 'Gone soon',
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const likes = new LikeRepository(t.database.db);
    await new CommentRepository(t.database.db).deleteWithReplies(top.id);
    expect(
      (await apiCall(t, 'DELETE', `/videos/deletevid/${video._id}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    for (const targetType of ['Video', 'Comment'] as const) {
      const targetId = targetType === 'Video' ? video._id : top.id;
      const answer = await likes.toggle(
        { userId: liker.user._id, targetType, targetId },
        'like',
        clock.now(),
      );
      expect(answer).toBeUndefined();
    }
    expect(await rowsMentioning(t.database, [video._id, top.id])).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
  });
});

/** Every stored video file that is not the person's: those of the other accounts' videos. */
async function othersVideoFiles(who: Person): Promise<string[]> {
  const theirs = await t.database.db
    .selectFrom('videos')
    .select('id')
    .where('owner_id', '<>', who.user._id)
    .execute();
  const ids = new Set(theirs.map((v) => v.id));
  return (await listFiles(t.mediaDir)).filter(
    (f) => f.startsWith('videos/') && ids.has(f.split('/')[1]!),
  );
}
