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

/** A newest-first search's answer: its ids, total and next page's cursor. */
async function newest(query: string) {
  const res = await apiCall(t, 'GET', `/videos/search?${query}`);
  expect(res.statusCode, query).toBe(200);
  const body = res.json() as {
    data: { _id: string }[];
    totalVideos: number;
    nextCursor: string | null;
  };
  return { ids: body.data.map((x) => x._id), total: body.totalVideos, next: body.nextCursor };
}

/**
 * `newest`, asked twice: after a change the first answer reads the page and its count afresh,
 * and the second is cut from the kept set once the count is kept again.
 */
async function newestTwice(query: string) {
  const first = await newest(query);
  expect(await newest(query), `${query}, asked again`).toEqual(first);
  return first;
}

/** The statements one request runs. */
async function statementsOf(query: string): Promise<string[]> {
  recording = [];
  const res = await apiCall(t, 'GET', `/videos/search?${query}`);
  const statements = recording;
  recording = undefined;
  expect(res.statusCode).toBe(200);
  return statements;
}

describe('newest-first pages over kept matches', () => {
  it('cuts a search asked again from its kept matches, in one statement and the same answer', async () => {
    const query = 'q=axolotl&uploadDate=month';
    // Asked once: the index, page by page; a set is not worth reading for one question.
    const first = await statementsOf(query);
    expect(first.join('\n')).toMatch(/videos_fts match|like/i);
    expect(first.join('\n')).not.toMatch(/json_each|jsonb_array_elements_text/);
    const once = await newest(query);
    const again = await newest(query);
    expect(again).toEqual(once);
    expect(once.ids).toEqual([v.c, v.b, v.a]);
    const kept = await statementsOf(query);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/json_each|jsonb_array_elements_text/);
    expect(kept[0]).not.toMatch(/videos_fts match|like/i);
  });

  it('gives a kept page the cursor the index gives it, and pages on from it', async () => {
    const query = 'q=axolotl&uploadDate=week&limit=1';
    const fromIndex = await newest(query);
    const fromKept = await newest(query);
    expect((await statementsOf(query)).join('\n')).toMatch(/json_each|jsonb_array_elements_text/);
    expect(fromKept).toEqual(fromIndex);
    expect(fromKept).toMatchObject({ ids: [v.c], total: 3 });
    const second = await newest(`${query}&cursor=${fromKept.next}`);
    expect(second.ids).toEqual([v.b]);
    const third = await newest(`${query}&cursor=${second.next}`);
    expect(third.ids).toEqual([v.a]);
    // By position too.
    expect((await newest(`${query}&page=2`)).ids).toEqual([v.b]);
    expect((await newest(`${query}&page=3`)).ids).toEqual([v.a]);
    expect((await newest(`${query}&page=4`)).ids).toEqual([]);
  });

  for (const q of ['axolotl', 'ax']) {
    it(`follows every change that moves what matches (${q})`, async () => {
      const query = `q=${q}&duration=short`;
      await newestTwice(query);
      expect((await newestTwice(query)).ids).toEqual([v.c, v.b, v.a]);
      await update(v.a, { visibility: 'private' });
      expect(await newestTwice(query)).toMatchObject({ ids: [v.c, v.b], total: 2 });
      await update(v.a, { visibility: 'public' });
      await update(v.b, { title: 'Salamander tank' });
      expect(await newestTwice(query)).toMatchObject({ ids: [v.c, v.a], total: 2 });
      await update(v.b, { title: 'Axolotl tank', duration: 600 });
      expect((await newestTwice(query)).ids).toEqual([v.c, v.a]);
      await update(v.b, { duration: 200 });
      const added = await insertVideo(t, owner.user._id, {
        title: 'Axolotl diet',
        duration: 100,
        created_at: NOW - 1000,
        updated_at: NOW - 1000,
      });
      expect((await newestTwice(query)).ids).toEqual([added, v.c, v.b, v.a]);
      await t.database.db.deleteFrom('videos').where('id', '=', added).execute();
      expect(await newestTwice(query)).toMatchObject({ ids: [v.c, v.b, v.a], total: 3 });
    });
  }

  it('never shows a video while it is private, whatever the kept set says', async () => {
    const query = 'q=axolotl&uploadDate=year';
    await newest(query);
    await newest(query);
    for (let i = 0; i < 5; i += 1) {
      await update(v.b, { visibility: 'private' });
      // Asked at once and asked again: both after the change.
      const [x, y] = await Promise.all([newest(query), newest(query)]);
      for (const answer of [x, y]) expect(answer.ids).toEqual([v.c, v.a]);
      await update(v.b, { visibility: 'public' });
      expect((await newestTwice(query)).ids).toEqual([v.c, v.b, v.a]);
    }
  });
});
