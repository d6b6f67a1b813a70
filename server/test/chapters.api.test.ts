import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';

/** The single video carries the chapters its description's timestamps make. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'owner');
});
afterAll(async () => {
  await t.close();
});

describe('chapters on GET /videos/vid-id/{id}', () => {
  it('are read from the description, with start in seconds', async () => {
    const id = await insertVideo(t, owner.user._id, {
      duration: 600,
      description: 'A tour.\n0:00 Intro\n1:30 The kitchen\n4:05 - The garden\nBye',
    });
    const res = await apiCall(t, 'GET', `/videos/vid-id/${id}`);
    expect(res.json().data.chapters).toEqual([
      { start: 0, title: 'Intro' },
      { start: 90, title: 'The kitchen' },
      { start: 245, title: 'The garden' },
    ]);
  });

  it('are empty when the timestamps break the rules, and follow an edit', async () => {
    const id = await insertVideo(t, owner.user._id, {
      duration: 600,
      description: '0:00 Intro\n0:05 Too soon\n1:00 Later',
    });
    expect((await apiCall(t, 'GET', `/videos/vid-id/${id}`)).json().data.chapters).toEqual([]);
    await apiCall(t, 'PATCH', `/videos/${id}`, {
      cookie: owner.cookie,
      payload: { description: '0:00 Intro\n0:15 Better\n1:00 Later' },
    });
    const after = await apiCall(t, 'GET', `/videos/vid-id/${id}`);
    expect(after.json().data.chapters.map((c: { start: number }) => c.start)).toEqual([0, 15, 60]);
  });

  it('stay off lists, where no player needs them', async () => {
    const list = await apiCall(t, 'GET', '/videos/getallvideos');
    expect(list.json().data[0]).not.toHaveProperty('chapters');
  });
});
