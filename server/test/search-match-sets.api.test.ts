import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * The ranked search orders (views, length, relevance) rank the set of matches a process kept
 * at a search generation (SearchMatches): asked again, a search ranks those ids in one
 * statement instead of finding them again. Every change that could make a video match or stop
 * matching shows at once, and what the set does not hold (views, lengths) is read fresh.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const NOW = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

/** The statements the app runs while `recording` holds an array. */
let recording: string[] | undefined;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW, onQuery: (sql) => recording?.push(sql) });
  owner = await signedInUser(t.server, 'ranker');
});
afterAll(async () => {
  await t.close();
});

const v = {} as Record<'a' | 'b' | 'c', string>;
beforeAll(async () => {
  const at = (ago: number) => ({ created_at: NOW - ago, updated_at: NOW - ago });
  v.a = await insertVideo(t, owner.user._id, {
    title: 'Axolotl care',
    views: 30,
    duration: 100,
    ...at(3 * DAY),
  });
  v.b = await insertVideo(t, owner.user._id, {
    title: 'Axolotl tank',
    views: 20,
    duration: 200,
    ...at(2 * DAY),
  });
  v.c = await insertVideo(t, owner.user._id, {
    title: 'Feeding an axolotl',
    views: 10,
    duration: 230,
    ...at(1.5 * DAY),
  });
});

/** A ranked search's ids, asked twice: the second answer comes from the kept set. */
async function ranked(query: string): Promise<string[]> {
  const answers: string[][] = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await apiCall(t, 'GET', `/videos/search?${query}`);
    expect(res.statusCode, query).toBe(200);
    answers.push((res.json() as { data: { _id: string }[] }).data.map((x) => x._id));
  }
  expect(answers[1], `${query}, asked again`).toEqual(answers[0]);
  return answers[0]!;
}

const update = (id: string, set: Record<string, unknown>) =>
  t.database.db.updateTable('videos').set(set).where('id', '=', id).execute();

describe('ranked search over kept matches', () => {
  it('ranks a search asked again in one statement, without finding its matches again', async () => {
    await ranked('q=axolotl&sortBy=views');
    recording = [];
    const res = await apiCall(t, 'GET', '/videos/search?q=axolotl&sortBy=views');
    const statements = recording;
    recording = undefined;
    expect(res.statusCode).toBe(200);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/json_each|jsonb_array_elements_text/);
    expect(statements[0]).not.toMatch(/videos_fts match|like/i);
  });

  for (const q of ['axolotl', 'ax']) {
    it(`reads views and lengths fresh (${q})`, async () => {
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
      await update(v.c, { views: 99 });
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.c, v.a, v.b]);
      expect(await ranked(`q=${q}&sortBy=duration&sortType=asc`)).toEqual([v.a, v.b, v.c]);
      await update(v.a, { duration: 900 });
      expect(await ranked(`q=${q}&sortBy=duration&sortType=asc`)).toEqual([v.b, v.c, v.a]);
      await update(v.c, { views: 10 });
      await update(v.a, { duration: 100 });
    });

    it(`drops and takes in videos as their titles change (${q})`, async () => {
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
      await update(v.b, { title: 'Salamander tank' });
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.c]);
      expect(await ranked(`q=${q}&sortBy=relevance`)).toEqual([v.a, v.c]);
      await update(v.b, { title: 'Axolotl tank' });
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
      expect(await ranked(`q=${q}&sortBy=relevance`)).toEqual([v.a, v.b, v.c]);
    });

    it(`hides a video made private at once, and shows it again (${q})`, async () => {
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
      await update(v.a, { visibility: 'private' });
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.b, v.c]);
      await update(v.a, { visibility: 'public' });
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
    });

    it(`lists a new upload and forgets a deleted one (${q})`, async () => {
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
      const added = await insertVideo(t, owner.user._id, {
        title: 'Axolotl diet',
        views: 25,
        created_at: NOW - 1000,
        updated_at: NOW - 1000,
      });
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, added, v.b, v.c]);
      await t.database.db.deleteFrom('videos').where('id', '=', added).execute();
      expect(await ranked(`q=${q}&sortBy=views`)).toEqual([v.a, v.b, v.c]);
    });

    it(`follows a length filter as lengths change (${q})`, async () => {
      expect(await ranked(`q=${q}&duration=short&sortBy=views`)).toEqual([v.a, v.b, v.c]);
      await update(v.b, { duration: 600 });
      expect(await ranked(`q=${q}&duration=short&sortBy=views`)).toEqual([v.a, v.c]);
      expect(await ranked(`q=${q}&duration=medium&sortBy=views`)).toEqual([v.b]);
      await update(v.b, { duration: 200 });
      expect(await ranked(`q=${q}&duration=short&sortBy=views`)).toEqual([v.a, v.b, v.c]);
    });
  }

  it('keeps an upload-date window apart from the whole search', async () => {
    expect(await ranked('q=axolotl&uploadDate=today&sortBy=views')).toEqual([]);
    expect(await ranked('q=axolotl&uploadDate=week&sortBy=views')).toEqual([v.a, v.b, v.c]);
    expect(await ranked('q=axolotl&sortBy=views')).toEqual([v.a, v.b, v.c]);
  });
});
