import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SIZES, makeClip, publishFile, signedInAs, waitUntilProcessed } from './support';

// A sharp start: the first rendition fits the player as far as the link allows, from the
// bandwidth estimate kept from the last session. Each test records the time to the first frame
// and the first rendition's height (in its annotations), unthrottled and throttled.

let videoId = '';
/** The 480p upload's ladder (widths), lowest first. */
const LADDER = [
  { width: 426, height: 240 },
  { width: 640, height: 360 },
  { width: 854, height: 480 },
];

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const page = await browser.newPage();
  await signedInAs(page, 'sharp');
  const file = await makeClip(testInfo.outputDir, 'sharp.mp4', {
    seconds: 20,
    width: 854,
    height: 480,
  });
  videoId = await publishFile(page, 'Sharp from the start', file);
  const video = await waitUntilProcessed(page, videoId);
  expect(video.hlsUrl).toEqual(expect.stringMatching(/master\.m3u8$/));
  await page.close();
});

type FirstFrame = { height: number; ms: number };

/** Notes the first frame the page's player shows: its height and when, after navigation start. */
async function watchFirstFrame(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      'loadeddata',
      (event) => {
        const video = event.target as HTMLVideoElement;
        (window as unknown as { firstFrame: FirstFrame }).firstFrame = {
          height: video.videoHeight,
          ms: Math.round(performance.now()),
        };
      },
      { capture: true, once: true },
    );
  });
}

async function firstFrame(page: Page, info: TestInfo, label: string): Promise<FirstFrame> {
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { firstFrame?: FirstFrame }).firstFrame),
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  const frame = await page.evaluate(
    () => (window as unknown as { firstFrame: FirstFrame }).firstFrame,
  );
  info.annotations.push({
    type: 'first frame',
    description: `${label}: ${frame.height}p after ${frame.ms} ms`,
  });
  return frame;
}

/** The rendition hls.js's cap to the player allows: the first covering its longer side. */
async function fittingHeight(page: Page): Promise<number> {
  const side = await page.locator('video').evaluate((video) => {
    const box = video.getBoundingClientRect();
    return Math.max(box.width, box.height) * window.devicePixelRatio;
  });
  return (LADDER.find((l) => l.width >= side || l.height >= side) ?? LADDER[2]!).height;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('on a fast link the first frame is already the rendition that fits the player', async ({
      page,
    }, testInfo) => {
      await watchFirstFrame(page);
      // A first visit plays, and keeps what it learned of the link.
      await page.goto(`/watch/${videoId}`);
      await firstFrame(page, testInfo, 'first visit');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('vidshare.player.bandwidth')))
        .toMatch(/^\d+$/);

      // The next session starts from it.
      await page.reload();
      const frame = await firstFrame(page, testInfo, 'next visit');
      expect(frame.height).toBe(await fittingHeight(page));
      expect(frame.ms).toBeLessThan(10_000);
    });

    test('on a slow link the next session starts lower, and still soon', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // About 500 kbit/s down with 150 ms of latency: a slow mobile link, below what any
      // rendition above 240p needs (the ladder's peaks are not in order of size: a 480p source's
      // own rendition can need less than the 360p one, so only a link below both tells).
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 62_500,
        uploadThroughput: 62_500,
      });
      await watchFirstFrame(page);
      // A first session on this link learns how slow it is (the browser's own guess may still
      // be that of a fast link it saw before).
      await page.goto(`/watch/${videoId}`);
      await firstFrame(page, testInfo, 'throttled, first visit');
      const kept = () =>
        page.evaluate(() => Number(localStorage.getItem('vidshare.player.bandwidth')));
      await expect.poll(kept, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(kept, { timeout: 30_000 }).toBeLessThan(750_000);
      await page.reload();
      const frame = await firstFrame(page, testInfo, 'throttled, next visit');
      const fits = await fittingHeight(page);
      // The size that fits is 480p on a laptop; a link this slow cannot carry it at first.
      if (fits > 240) expect(frame.height).toBeLessThan(fits);
      else expect(frame.height).toBe(240);
      expect(frame.ms).toBeLessThan(20_000);
    });
  });
}
