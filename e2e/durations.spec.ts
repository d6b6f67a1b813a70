import { expect, test, type Page } from '@playwright/test';
import {
  SIZES,
  expectedLength,
  makeClip,
  publishFile,
  signIn,
  signedInAs,
  waitUntilProcessed,
  type Account,
} from './support';

// One rounding rule for a video's length: the card, the studio and the player read the same.

let owner: Account;
const clips: { title: string; id: string; duration: number }[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  owner = await signedInAs(page, 'lengths');
  for (const seconds of [1, 2.6]) {
    const title = `Length ${seconds}s ${owner.username}`;
    const file = await makeClip(test.info().outputDir, `length-${seconds}.mp4`, { seconds });
    const id = await publishFile(page, title, file);
    const video = await waitUntilProcessed(page, id);
    clips.push({ title, id, duration: video.duration as number });
  }
  await page.close();
});

async function cardLength(page: Page, title: string): Promise<string> {
  const card = page.getByRole('article').filter({ hasText: title });
  return (await card.getByTestId('video-duration').textContent()) ?? '';
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('a card and the player show the same length, and a 1 s clip reads 0:01', async ({
      page,
    }) => {
      await page.goto('/home');
      for (const clip of clips) {
        await expect(page.getByRole('link', { name: clip.title })).toBeVisible();
        const onCard = await cardLength(page, clip.title);
        expect(onCard).toBe(expectedLength(clip.duration));
        expect(onCard).not.toBe('0:00');
      }

      for (const clip of clips) {
        await page.goto(`/watch/${clip.id}`);
        const time = page.getByTestId('player-time');
        await expect(time).toHaveText(new RegExp(` / ${expectedLength(clip.duration)}$`));
        // Played to its end, the position stops at the length the card shows.
        const video = page.locator('video');
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => Number.isFinite(v.duration)))
          .toBe(true);
        await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration));
        await expect(time).toHaveText(
          `${expectedLength(clip.duration)} / ${expectedLength(clip.duration)}`,
        );
      }
    });
  });
}

test('the studio shows the same length, on the thumbnail', async ({ page }) => {
  await signIn(page, owner.username, owner.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/stdio/channel/content');
  for (const clip of clips) {
    const row = page.getByRole('row', { name: clip.title });
    const badge = row.getByTestId('duration-badge');
    await expect(badge).toHaveText(expectedLength(clip.duration));
    const picture = (await row.getByTestId('studio-thumbnail').boundingBox())!;
    const box = (await badge.boundingBox())!;
    // Inside the picture, in its bottom-right corner.
    expect(box.y + box.height).toBeLessThanOrEqual(picture.y + picture.height);
    expect(box.x + box.width).toBeLessThanOrEqual(picture.x + picture.width);
    expect(box.y).toBeGreaterThan(picture.y + picture.height / 2);
  }
});
