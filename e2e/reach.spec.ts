import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { makeClip, newAccount, publishFile, signIn, signUp, waitUntilPlayable } from './support';

// Start times, chapters, captions and the embeddable player, in a real browser against the
// real server. Trace snapshots would count as user gestures (see player.spec.ts).
test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

const CAPTIONS = `1
00:00:00,000 --> 00:00:40,000
Hello from the captions
`;

let videoId = '';
let videoTitle = '';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const creator = newAccount('reach');
  await signUp(page, creator);
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  videoTitle = `Reach ${creator.username}`;
  const file = await makeClip(test.info().outputDir, 'reach.mp4', { seconds: 40 });
  videoId = await publishFile(page, videoTitle, file);
  await waitUntilPlayable(page, videoId);
  const edit = await page.request.patch(`/api/v1/videos/${videoId}`, {
    data: { description: 'Chapters:\n0:00 Opening\n0:12 Middle part\n0:24 Finale' },
  });
  expect(edit.status()).toBe(200);
  const captions = await page.request.post(`/api/v1/videos/${videoId}/captions`, {
    multipart: {
      language: 'en',
      file: { name: 'en.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(CAPTIONS) },
    },
  });
  expect(captions.status()).toBe(200);
  await page.close();
});

const currentTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('?t=20 starts the video at 20 s', async ({ page }) => {
  await page.goto(`/watch/${videoId}?t=20`);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
  expect(await currentTime(page)).toBeLessThan(30);
});

test('the current chapter’s title shows beside the time, and chapters are gaps in the seek bar', async ({
  page,
}) => {
  await page.goto(`/watch/${videoId}?t=16`);
  await expect(page.getByTestId('chapter-title')).toHaveText(/Middle part/, { timeout: 20_000 });
  await expect(page.locator('[data-chapter-gap]')).toHaveCount(2);
  // A timestamp in the description seeks the video.
  await page.getByRole('button', { name: '...more' }).click();
  await page
    .getByRole('region', { name: 'Chapters' })
    .getByRole('button', { name: /Finale/ })
    .click();
  await expect(page.getByTestId('chapter-title')).toHaveText(/Finale/);
  expect(await currentTime(page)).toBeGreaterThanOrEqual(24);
});

test('captions render as a text track and the CC button and c key toggle them', async ({
  page,
}) => {
  await page.goto(`/watch/${videoId}`);
  const cc = page.getByRole('button', { name: 'Subtitles/closed captions' });
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  const track = () =>
    page.locator('video').evaluate((v: HTMLVideoElement) => {
      const t = v.textTracks[0];
      return t
        ? {
            mode: t.mode,
            cues: t.activeCues?.length ?? 0,
            text: (t.activeCues?.[0] as VTTCue | undefined)?.text ?? '',
          }
        : null;
    });
  await cc.click();
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await track())?.mode).toBe('showing');
  await expect
    .poll(async () => (await track())?.text, { timeout: 20_000 })
    .toBe('Hello from the captions');
  await cc.click();
  await expect.poll(async () => (await track())?.mode).toBe('disabled');
  await page.locator('body').press('c');
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  // The choice is remembered for the next video or visit.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Subtitles/closed captions' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => (await track())?.mode).toBe('showing');
});

test('an /embed/{id} iframe on a page of another origin plays, and no other page may be framed', async ({
  page,
}) => {
  const server = new URL(test.info().project.use.baseURL!);
  // A real page on another origin (localhost, another port): a page answered by the test
  // itself would have no address, and Chromium keeps such pages from loopback frames.
  const html = `<!doctype html><title>Blog</title>
    <iframe id="embed" width="640" height="360" allow="autoplay"
      src="${server.origin}/embed/${videoId}?autoplay=1&muted=1&start=5"></iframe>
    <iframe id="watch" width="640" height="360" src="${server.origin}/watch/${videoId}"></iframe>`;
  const blog = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => blog.listen(0, 'localhost', resolve));
  try {
    await page.goto(`http://localhost:${(blog.address() as AddressInfo).port}/post.html`);
    const embed = page.frameLocator('#embed');
    await expect(embed.getByRole('link', { name: new RegExp(videoTitle) })).toHaveAttribute(
      'href',
      `/watch/${videoId}`,
    );
    await expect
      .poll(() => embed.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(5.3);
    // The watch page refuses to be framed: the browser shows its error page in that frame.
    const watch = await (await page.locator('#watch').elementHandle())!.contentFrame();
    await expect.poll(() => watch!.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('#watch').locator('#root')).toHaveCount(0);
  } finally {
    blog.close();
  }
});
