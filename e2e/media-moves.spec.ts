import { expect, test, type Page } from '@playwright/test';
import { makeClip, publishFile, runCli, signedInAs, waitUntilProcessed } from './support';

// A video's media moves while people watch it: encoded again (`videos:reprocess`), or made
// unlisted or private (its files move to a new prefix). The old URLs stop working at once, so
// a viewer who has only the first segments must find the new ones and play on from the same
// moment, or be told the video is gone.

let videoId = '';
let owner: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  owner = await browser.newPage();
  const account = await signedInAs(owner, 'moves');
  // 4 s segments: enough of them that playback needs some after the move.
  const file = await makeClip(test.info().outputDir, 'moves.mp4', { seconds: 24 });
  videoId = await publishFile(owner, `Moving ${account.username}`, file);
  await waitUntilProcessed(owner, videoId);
  const captions = await owner.request.post(`/api/v1/videos/${videoId}/captions`, {
    multipart: {
      language: 'en',
      file: {
        name: 'en.vtt',
        mimeType: 'text/vtt',
        buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:20.000\nMoving along\n'),
      },
    },
  });
  expect(captions.status()).toBe(200);
});

test.afterAll(async () => {
  await owner.close();
});

const hlsUrlOf = async (page: Page) =>
  (await (await page.request.get(`/api/v1/videos/vid-id/${videoId}`)).json()).data.hlsUrl as string;

const currentTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * Lets the page have each rendition's first segment from `prefix` and holds back the others
 * until `release`: the viewer has started, and still needs media from the old place when it
 * moves. Released, they reach the server, which no longer serves them.
 */
async function holdSegmentsAfterFirst(page: Page, prefix: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith(prefix) && /\/seg-\d{3}\.ts$/.test(url.pathname),
    async (route) => {
      if (!route.request().url().endsWith('/seg-000.ts')) {
        held += 1;
        await released;
      }
      // hls.js may have given up on a held request and asked again meanwhile.
      await route.continue().catch(() => undefined);
    },
  );
  return { held: () => held, release };
}

/** Plays the video (on its watch page, or `at`) until it waits for held segments; returns where it stopped. */
async function playUntilHeld(
  page: Page,
  hold: { held(): number },
  at = `/watch/${videoId}`,
): Promise<number> {
  await page.goto(at);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(3);
  await expect.poll(hold.held).toBeGreaterThan(0);
  // Every time the element reports from here on, to show it never starts over. Only with a
  // frame to show: while a source is swapped the element has none, and reads 0 for a moment.
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    const seen: number[] = [];
    (window as unknown as { seen: number[] }).seen = seen;
    v.addEventListener('timeupdate', () => {
      if (v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) seen.push(v.currentTime);
    });
  });
  return currentTime(page);
}

const timesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: number[] }).seen);

async function expectPlaysOnFrom(page: Page, stoppedAt: number, movedTo: string) {
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(stoppedAt + 3);
  expect(Math.min(...(await timesSeen(page)))).toBeGreaterThan(stoppedAt - 1);
  // Still hls.js, now from the new place (not the MP4 file, which moved as well).
  expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/);
  expect(await hlsUrlOf(page)).toBe(movedTo);
  // The caption files moved with it, and the player asks for them where they are now.
  await expect(page.locator('video track')).toHaveAttribute(
    'src',
    new RegExp(`^[^?]*${prefixOf(movedTo).replace(/\/hls\/$/, '/captions/')}`),
  );
}

const prefixOf = (hlsUrl: string) => new URL(hlsUrl, 'http://x').pathname.replace(/[^/]+$/, '');

test('a video encoded again while it plays goes on from the same moment', async ({ page }) => {
  test.setTimeout(150_000);
  const before = await hlsUrlOf(page);
  const hold = await holdSegmentsAfterFirst(page, prefixOf(before));
  const stoppedAt = await playUntilHeld(page, hold);

  await runCli(['videos:reprocess', '--id', videoId]);
  await expect
    .poll(() => hlsUrlOf(page), { timeout: 120_000, intervals: [500, 1000] })
    .not.toBe(before);
  const after = await hlsUrlOf(page);
  hold.release();

  await expectPlaysOnFrom(page, stoppedAt, after);
});

/** Makes the video unlisted, which moves its media, and lets the held segments go; answers its new playlist URL. */
async function unlistAndRelease(page: Page, before: string, hold: { release(): void }) {
  const edit = await owner.request.patch(`/api/v1/videos/${videoId}`, {
    data: { visibility: 'unlisted' },
  });
  expect(edit.status()).toBe(200);
  const after = await hlsUrlOf(page);
  expect(after).not.toBe(before);
  hold.release();
  return after;
}

test('a video made unlisted while a visitor watches plays on from its new place', async ({
  page,
}) => {
  const before = await hlsUrlOf(page);
  const hold = await holdSegmentsAfterFirst(page, prefixOf(before));
  const stoppedAt = await playUntilHeld(page, hold);

  const after = await unlistAndRelease(page, before, hold);

  await expectPlaysOnFrom(page, stoppedAt, after);
});

/**
 * Plays the video at `at`, then makes it unlisted while the page's reads of it fail with a
 * server error (the first and both retries) before they answer again.
 */
async function moveWhileReadsFail(page: Page, at: string) {
  // Public to start with: making it unlisted moves its media.
  const made = await owner.request.patch(`/api/v1/videos/${videoId}`, {
    data: { visibility: 'public' },
  });
  expect(made.status()).toBe(200);
  const before = await hlsUrlOf(page);
  const hold = await holdSegmentsAfterFirst(page, prefixOf(before));
  const stoppedAt = await playUntilHeld(page, hold, at);

  let failed = 0;
  await page.route(`**/api/v1/videos/vid-id/${videoId}`, async (route) => {
    if (failed >= 3) return route.continue();
    failed += 1;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Something went wrong' }),
    });
  });
  const after = await unlistAndRelease(page, before, hold);
  await expect.poll(() => failed, { timeout: 30_000 }).toBe(3);
  return { stoppedAt, after };
}

test('a video whose new place cannot be read at first keeps its page, and plays on once it can', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/watch/${videoId}`);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const { stoppedAt, after } = await moveWhileReadsFail(page, `/watch/${videoId}`);

  // The failed read did not take the page or its player away.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('The video could not be loaded')).toHaveCount(0);
  await expectPlaysOnFrom(page, stoppedAt, after);
  await expect(page.getByText('The video could not be loaded')).toHaveCount(0);
});

test('an embedded player keeps playing through a failed read of its moved video', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { stoppedAt, after } = await moveWhileReadsFail(
    page,
    `/embed/${videoId}?autoplay=1&mute=1`,
  );

  await expect(page.getByText('This video is unavailable.')).toHaveCount(0);
  await expectPlaysOnFrom(page, stoppedAt, after);
  await expect(page.getByText('This video is unavailable.')).toHaveCount(0);
});

test('a video made private while a visitor watches says it is gone', async ({ page }) => {
  const hold = await holdSegmentsAfterFirst(page, prefixOf(await hlsUrlOf(page)));
  await playUntilHeld(page, hold);

  const edit = await owner.request.patch(`/api/v1/videos/${videoId}`, {
    data: { visibility: 'private' },
  });
  expect(edit.status()).toBe(200);
  hold.release();

  await expect(page.getByRole('heading', { name: 'Video not found', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('video')).toHaveCount(0);
  // The tab no longer carries the private video's title either.
  await expect(page).toHaveTitle('Video not found - Vidshare');
});
