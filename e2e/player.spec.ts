import { expect, test, type Page } from '@playwright/test';
import { makeClip, newAccount, publishFile, signIn, signUp, waitUntilProcessed } from './support';

// These run under Chromium's default autoplay policy: a page opened from a link has no user
// gesture, so sound is refused and the player must fall back to muted playback.

type VideoState = {
  paused: boolean;
  muted: boolean;
  volume: number;
  currentTime: number;
  duration: number;
  playbackRate: number;
  ended: boolean;
};

const state = (page: Page): Promise<VideoState> =>
  page.locator('video').evaluate((v: HTMLVideoElement) => ({
    paused: v.paused,
    muted: v.muted,
    volume: v.volume,
    currentTime: v.currentTime,
    duration: v.duration,
    playbackRate: v.playbackRate,
    ended: v.ended,
  }));

/**
 * Opens a watch page as a shared link would, and resolves with whether the video was muted
 * when it started playing. Playwright's own page evaluations count as user gestures, so the
 * start is reported from the page through a binding instead of polled.
 */
async function openFromLink(page: Page, id: string): Promise<boolean> {
  let report: (muted: boolean) => void = () => undefined;
  const started = new Promise<boolean>((resolve) => (report = resolve));
  await page.exposeFunction('reportPlaying', (muted: boolean) => report(muted));
  await page.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        const target = event.target as HTMLMediaElement;
        (window as unknown as { reportPlaying(m: boolean): void }).reportPlaying(target.muted);
      },
      { capture: true, once: true },
    );
  });
  await page.goto(`/watch/${id}`);
  return started;
}

const field =
  <K extends keyof VideoState>(page: Page, key: K) =>
  async () =>
    (await state(page))[key];

// Trace snapshots evaluate in the page as a user gesture would, which would let the video start
// with sound; screenshots alone do not.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

let videoId = '';
let videoTitle = '';
let creator = newAccount('player');

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  creator = newAccount('player');
  await signUp(page, creator);
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  videoTitle = `Player keys ${creator.username}`;
  const file = await makeClip(test.info().outputDir, 'player-keys.mp4', { seconds: 40 });
  videoId = await publishFile(page, videoTitle, file);
  await waitUntilProcessed(page, videoId);
  await page.close();
});

test('a direct link starts playing muted, offers Unmute, and Unmute brings the sound', async ({
  page,
}) => {
  expect(await openFromLink(page, videoId)).toBe(true);
  await expect(page).toHaveTitle(`${videoTitle} - Vidshare`);
  await expect.poll(field(page, 'currentTime'), { timeout: 20_000 }).toBeGreaterThan(0.3);
  expect((await state(page)).muted).toBe(true);

  const unmute = page.getByRole('button', { name: 'Unmute', exact: true });
  await expect(unmute).toBeVisible();
  await unmute.click();
  await expect.poll(field(page, 'muted')).toBe(false);
  await expect(unmute).toBeHidden();
  expect((await state(page)).paused).toBe(false);
  await expect(page.getByRole('button', { name: 'Mute', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('each key changes the video as YouTube’s do, with a hint on screen', async ({ page }) => {
  // A hint shows for under a second; on a busy machine a poll can miss it, so the page keeps
  // a list of every hint that appeared.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { hints: string[] }).hints = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.dataset.testid === 'key-hint') {
            seen.push(node.textContent ?? '');
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await openFromLink(page, videoId);
  let shown = 0;
  const press = async (key: string, text: string | RegExp) => {
    await page.keyboard.press(key);
    shown += 1;
    const hints = () => page.evaluate(() => (window as unknown as { hints: string[] }).hints);
    await expect.poll(async () => (await hints()).length).toBe(shown);
    const last = (await hints())[shown - 1];
    if (typeof text === 'string') expect(last).toBe(text);
    else expect(last).toMatch(text);
  };

  // k and Space: pause and play, without scrolling the page.
  await press('k', 'Pause');
  await expect.poll(field(page, 'paused')).toBe(true);
  await press('Space', 'Play');
  await expect.poll(field(page, 'paused')).toBe(false);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await press('k', 'Pause');
  await expect.poll(field(page, 'paused')).toBe(true);

  // Digits jump to tenths; j/l move 10 s, the arrows 5 s; Home and End.
  await press('0', '0:00');
  expect((await state(page)).currentTime).toBe(0);
  await press('l', 'Forward 10 seconds');
  expect((await state(page)).currentTime).toBeCloseTo(10, 1);
  await press('ArrowRight', 'Forward 5 seconds');
  expect((await state(page)).currentTime).toBeCloseTo(15, 1);
  await press('j', 'Back 10 seconds');
  expect((await state(page)).currentTime).toBeCloseTo(5, 1);
  await press('ArrowLeft', 'Back 5 seconds');
  expect((await state(page)).currentTime).toBeCloseTo(0, 1);
  const { duration } = await state(page);
  await press('5', /^0:2\d$/);
  expect((await state(page)).currentTime).toBeCloseTo(duration / 2, 1);
  await press('9', /^0:3\d$/);
  expect((await state(page)).currentTime).toBeCloseTo(duration * 0.9, 1);
  await press('Home', 'Start');
  expect((await state(page)).currentTime).toBe(0);

  // Volume: ↑ and ↓ in steps of 5 %, m mutes and unmutes.
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = false;
    v.volume = 0.5;
  });
  await press('ArrowDown', 'Volume 45%');
  expect((await state(page)).volume).toBeCloseTo(0.45);
  await press('ArrowUp', 'Volume 50%');
  expect((await state(page)).volume).toBeCloseTo(0.5);
  await press('m', 'Muted');
  expect((await state(page)).muted).toBe(true);
  await press('m', 'Volume 50%');
  expect((await state(page)).muted).toBe(false);

  // < and > step the speed.
  await press('>', '1.25x');
  expect((await state(page)).playbackRate).toBe(1.25);
  await press('>', '1.5x');
  await press('<', '1.25x');
  await press('<', 'Normal speed');
  expect((await state(page)).playbackRate).toBe(1);

  // t: theatre mode spans the player across the page; f: full screen.
  const theatre = page.getByRole('button', { name: 'Theatre mode' });
  const widthBefore = (await page.getByTestId('player').boundingBox())!.width;
  await press('t', 'Theatre mode');
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await page.getByTestId('player').boundingBox())!.width)
    .toBeGreaterThan(widthBefore + 100);
  await press('t', 'Default view');
  await expect(theatre).toHaveAttribute('aria-pressed', 'false');

  await press('f', 'Full screen');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid')))
    .toBe('player');
  await press('f', 'Exit full screen');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  // End goes to the end.
  await press('End', 'End');
  await expect.poll(field(page, 'ended')).toBe(true);
  await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible();
});

test('keys typed into a text field stay in the field', async ({ page }) => {
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  await openFromLink(page, videoId);
  const box = page.getByRole('textbox', { name: 'Search' });
  await box.click();
  await page.keyboard.type('k 5');
  await expect(box).toHaveValue('k 5');
  const after = await state(page);
  expect(after.paused).toBe(false);
  expect(after.currentTime).toBeLessThan(after.duration * 0.4);
});

test('the controls work by pointer and name themselves', async ({ page }) => {
  await openFromLink(page, videoId);
  const player = page.getByTestId('player');

  await player.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(field(page, 'paused')).toBe(true);
  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(field(page, 'paused')).toBe(false);

  // Clicking three quarters along the seek bar seeks there; hovering shows the time there.
  const seek = player.getByRole('slider', { name: 'Seek' });
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  await expect(page.getByTestId('seek-preview')).toHaveText(/^0:[23]\d$/);
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const { currentTime, duration } = await state(page);
  expect(currentTime / duration).toBeGreaterThan(0.7);
  expect(currentTime / duration).toBeLessThan(0.8);
  await expect(seek).toHaveAttribute('aria-valuetext', /of 40 seconds$/);

  // Speed from the settings menu.
  await player.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Playback speed/ }).click();
  await page.getByRole('menuitemradio', { name: '1.5' }).click();
  expect((await state(page)).playbackRate).toBe(1.5);
  await expect(page.getByRole('menu')).toBeHidden();

  // The volume slider and the mute toggle.
  await player.getByRole('button', { name: 'Mute', exact: true }).hover();
  await player.getByRole('slider', { name: 'Volume' }).fill('30');
  expect((await state(page)).volume).toBeCloseTo(0.3);
  await player.getByRole('button', { name: 'Mute', exact: true }).click();
  expect((await state(page)).muted).toBe(true);
});

test('a signed-in viewer resumes where they stopped', async ({ page }) => {
  const viewer = newAccount('resumer');
  await signUp(page, viewer);
  await signIn(page, viewer.username, viewer.password);
  await expect(page).toHaveURL(/\/$/);
  await openFromLink(page, videoId);

  await page.keyboard.press('5');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/videos/${videoId}/progress`) && r.request().method() === 'POST',
  );
  await page.keyboard.press('k');
  expect((await saved).status()).toBe(200);
  const stoppedAt = (await state(page)).currentTime;
  expect(stoppedAt).toBeGreaterThan(19);

  await page.reload();
  await expect
    .poll(field(page, 'currentTime'), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(stoppedAt - 0.5);
});

test('pages name themselves in the browser tab', async ({ page }) => {
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Vidshare');
  await page.goto('/search?q=player%20keys');
  await expect(page).toHaveTitle('player keys - Vidshare');
  await page.goto(`/username/${creator.username}`);
  await expect(page).toHaveTitle(`${creator.fullName} - Vidshare`);
  await page.goto('/userSubscriptions');
  await expect(page).toHaveTitle('Subscriptions - Vidshare');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle(/ - Vidshare$/);
  await page.goto(`/watch/${'0'.repeat(24)}`);
  await expect(page).toHaveTitle('Video not found - Vidshare');
});

test('a video whose bytes cannot be fetched says so instead of sitting still', async ({ page }) => {
  // The network refuses every media request, as an unreachable storage would.
  await page.route('**/media/videos/**', (route) => route.abort('connectionfailed'));
  await page.goto(`/watch/${videoId}`);
  await expect(page.getByRole('alert')).toContainText('This video could not be played.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
