import { describe, expect, it } from 'vitest';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import type { VideoListRow } from '../repositories/video.repository.js';
import { VideoCards } from './video-cards.js';

/** The unit tests need no database: each list runs as given. */
const direct = <T>(read: () => Promise<T>) => read();

async function list(cards: VideoCards, rows: VideoListRow[]) {
  return (await cards.read(async () => ({ rows }))).entries.map((e) => e.video);
}

/** Video rows the test edits by hand, and a record of which ids were fetched whole. */
function fakeVideos() {
  const rows = new Map<string, VideoWithOwner>();
  const fetched: string[][] = [];
  const add = (id: string, title = `Video ${id}`) =>
    rows.set(id, {
      id,
      owner_id: 'owner',
      title,
      description: '',
      hashtag: '',
      visibility: 'public',
      duration: 1,
      views: 0,
      media_token: null,
      video_key: `videos/${id}.mp4`,
      thumbnail_key: `images/${id}.webp`,
      created_at: 0,
      updated_at: 0,
      likes_count: 0,
      comments_count: 0,
      comments_version: 0,
      card_version: 0,
      status: 'ready',
      playable: 1,
      processing_progress: 100,
      processing_error: null,
      pending_visibility: null,
      blocked_at: null,
      blocked_reason: null,
      owner_suspended: 0,
      comments_mode: 'open',
      original_name: null,
      hls_ready: 0,
      storyboard_ready: 0,
      owner_username: 'owner',
      owner_avatar_key: 'images/owner.webp',
    });
  const videos = {
    async withOwners(ids: readonly string[]) {
      fetched.push([...ids]);
      return ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []));
    },
  };
  const listed = (id: string, views = 0) => ({
    id,
    views,
    card_version: rows.get(id)?.card_version ?? 0,
  });
  return { rows, fetched, add, videos, listed };
}

describe('VideoCards.readOneStatement', () => {
  /** A snapshot that records how many times it was opened. */
  function countingSnapshot() {
    const opened = { n: 0 };
    const snapshot = <T>(read: () => Promise<T>) => {
      opened.n += 1;
      return read();
    };
    return { opened, snapshot };
  }

  it('answers from the one statement, with no snapshot, when every card is kept', async () => {
    const { add, videos, listed, fetched } = fakeVideos();
    ['a', 'b'].forEach((id) => add(id));
    const { opened, snapshot } = countingSnapshot();
    const cards = new VideoCards(videos, snapshot);
    await cards.read(async () => ({ rows: [listed('a'), listed('b')] }));
    expect(opened.n).toBe(1);
    let statements = 0;
    const { entries } = await cards.readOneStatement(async () => {
      statements += 1;
      return { rows: [listed('b', 5), listed('a')] };
    });
    expect(entries.map((e) => [e.video._id, e.video.views])).toEqual([
      ['b', 5],
      ['a', 0],
    ]);
    expect({ statements, snapshots: opened.n, fetched: fetched.length }).toEqual({
      statements: 1,
      snapshots: 1,
      fetched: 1,
    });
    expect(Object.isFrozen(entries[1]!.video)).toBe(true);
  });

  it('reads the list again, whole, in a snapshot when a card is not kept at its version', async () => {
    const { rows, add, videos, listed } = fakeVideos();
    add('a');
    const { opened, snapshot } = countingSnapshot();
    const cards = new VideoCards(videos, snapshot);
    await cards.readOneStatement(async () => ({ rows: [listed('a')] }));
    expect(opened.n).toBe(1);
    rows.set('a', { ...rows.get('a')!, title: 'Retitled', card_version: 1 });
    const { entries } = await cards.readOneStatement(async () => ({ rows: [listed('a')] }));
    expect(entries[0]!.video.title).toBe('Retitled');
    expect(opened.n).toBe(2);
  });

  it('reads the whole list in a snapshot when the one statement is not complete', async () => {
    const { add, videos, listed } = fakeVideos();
    add('a');
    const { opened, snapshot } = countingSnapshot();
    const cards = new VideoCards(videos, snapshot);
    await cards.read(async () => ({ rows: [listed('a')] }));
    const { page } = await cards.readOneStatement(
      async () => ({ rows: [listed('a')], count: undefined as number | undefined }),
      {
        complete: (p) => p.count !== undefined,
        whole: async () => ({ rows: [listed('a')], count: 7 }),
      },
    );
    expect(page.count).toBe(7);
    expect(opened.n).toBe(2);
  });
});

describe('VideoCards', () => {
  it('fetches only the videos it does not hold at the listed version, keeping list order', async () => {
    const { add, videos, listed, fetched } = fakeVideos();
    ['a', 'b', 'c'].forEach((id) => add(id));
    const cards = new VideoCards(videos, direct);
    const first = await list(cards, [listed('b'), listed('a')]);
    expect(first.map((v) => v._id)).toEqual(['b', 'a']);
    const second = await list(cards, [listed('c'), listed('a'), listed('b')]);
    expect(second.map((v) => v._id)).toEqual(['c', 'a', 'b']);
    expect(second[1]).toBe(first[1]);
    expect(fetched).toEqual([['b', 'a'], ['c']]);
  });

  it('builds an entry again once its version moves', async () => {
    const { rows, add, videos, listed, fetched } = fakeVideos();
    add('a', 'Old title');
    const cards = new VideoCards(videos, direct);
    await list(cards, [listed('a')]);
    rows.set('a', { ...rows.get('a')!, title: 'New title', card_version: 1 });
    expect((await list(cards, [listed('a')]))[0]!.title).toBe('New title');
    expect(fetched).toHaveLength(2);
  });

  it('shows the view count the list read, without changing the kept entry', async () => {
    const { add, videos, listed } = fakeVideos();
    add('a');
    const cards = new VideoCards(videos, direct);
    const kept = (await list(cards, [listed('a', 0)]))[0]!;
    const later = (await list(cards, [listed('a', 7)]))[0]!;
    expect(later.views).toBe(7);
    expect(kept.views).toBe(0);
    expect((await list(cards, [listed('a', 0)]))[0]).toBe(kept);
  });

  it('pairs each row with its entry, and runs the seam between the two reads', async () => {
    const { add, videos, listed, fetched } = fakeVideos();
    ['a', 'b'].forEach((id) => add(id));
    const order: string[] = [];
    const cards = new VideoCards(videos, direct, undefined, {
      betweenReads: () => {
        order.push(`between after listing, before fetching ${fetched.length}`);
      },
    });
    const { entries } = await cards.read(async () => ({ rows: [listed('b'), listed('a')] }));
    expect(entries.map((e) => [e.row.id, e.video._id])).toEqual([
      ['b', 'b'],
      ['a', 'a'],
    ]);
    expect(order).toEqual(['between after listing, before fetching 0']);
  });

  it('refuses a listed video whose row its snapshot lacks', async () => {
    const { rows, add, videos, listed } = fakeVideos();
    add('a');
    const cards = new VideoCards(videos, direct);
    const gone = listed('a');
    rows.delete('a');
    await expect(list(cards, [gone])).rejects.toThrow(/has no row/);
  });

  it('holds at most its weight, dropping entries not listed since the last pass first', async () => {
    const { add, videos, listed, fetched } = fakeVideos();
    ['a', 'b', 'c'].forEach((id) => add(id));
    // Each entry weighs its short texts plus 300: two fit in 650.
    const cards = new VideoCards(videos, direct, 650);
    await list(cards, [listed('a')]);
    await list(cards, [listed('b')]);
    await list(cards, [listed('a')]);
    await list(cards, [listed('c')]);
    expect(fetched).toEqual([['a'], ['b'], ['c']]);
    await list(cards, [listed('a')]);
    expect(fetched).toHaveLength(3);
    await list(cards, [listed('b')]);
    expect(fetched).toHaveLength(4);
  });
});
