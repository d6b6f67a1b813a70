import { expect, test, type Page } from '@playwright/test';
import {
  SIZES,
  makeClip,
  publishFile,
  signIn,
  signedInAs,
  waitUntilProcessed,
  type Account,
} from './support';

// When a video ends: an up-next card counts down 5 s to the next video (the playlist's next
// when watching from one, else the first suggestion), with Cancel; Autoplay turns it off and
// is remembered.

let creator: Account;
const ids: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  creator = await signedInAs(page, 'upnext');
  const clip = await makeClip(test.info().outputDir, 'short.mp4', { seconds: 2 });
  for (const name of ['Alpha', 'Bravo', 'Charlie']) {
    ids[name] = await publishFile(page, `${name} ${creator.username}`, clip);
  }
  for (const id of Object.values(ids)) await waitUntilProcessed(page, id);
  // Liked Bravo, then Alpha: the liked playlist reads Alpha, Bravo (newest like first).
  for (const name of ['Bravo', 'Alpha']) {
    const res = await page.request.post(`/api/v1/toggle/like-dislike/${ids[name]}/like`, {
      data: { contentType: 'Video' },
    });
    expect(res.ok()).toBe(true);
  }
  await page.close();
});

const upNext = (page: Page) => page.getByRole('region', { name: 'Up next' });
const firstSuggestion = (page: Page) =>
  page.getByRole('list', { name: 'Suggested videos' }).getByRole('heading').first();

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('the end of a video counts down to the first suggestion and plays it', async ({
      page,
    }) => {
      await page.goto(`/watch/${ids.Alpha}`);
      const next = (await firstSuggestion(page).textContent())!;
      // The same channel's videos come first.
      expect(next).toMatch(/^(Bravo|Charlie) /);
      const card = upNext(page);
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card).toContainText(next);
      await expect(card.getByTestId('up-next-seconds')).toHaveText(/^[1-5]$/);
      const target = next.startsWith('Bravo') ? ids.Bravo : ids.Charlie;
      await expect(page).toHaveURL(new RegExp(`/watch/${target}$`), { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1, name: next })).toBeVisible();
    });

    test('Cancel stays on the video, and the countdown never finishes', async ({ page }) => {
      await page.clock.install();
      await page.goto(`/watch/${ids.Charlie}`);
      const card = upNext(page);
      await expect(card).toBeVisible({ timeout: 20_000 });
      await card.getByRole('button', { name: 'Cancel' }).click();
      await expect(card).toBeHidden();
      await expect(
        page.getByTestId('player').getByRole('button', { name: 'Replay' }),
      ).toBeAttached();
      // Well past the countdown: still here.
      await page.clock.runFor(10_000);
      await expect(page).toHaveURL(new RegExp(`/watch/${ids.Charlie}$`));
      await expect(card).toBeHidden();
    });

    test('the countdown waits while the viewer types, and goes on after', async ({ page }) => {
      await page.clock.install();
      await page.goto(`/watch/${ids.Charlie}`);
      const card = upNext(page);
      await expect(card).toBeVisible({ timeout: 20_000 });
      const field = page.getByRole('textbox', { name: 'Search' });
      if (!(await field.isVisible())) {
        await page.getByRole('button', { name: 'Search', exact: true }).click();
      }
      await field.fill('a search being typed');
      await expect(card).toContainText('waiting while you type');
      await page.clock.runFor(10_000);
      await expect(page).toHaveURL(new RegExp(`/watch/${ids.Charlie}$`));
      await field.evaluate((el: HTMLElement) => el.blur());
      await page.clock.runFor(6_000);
      await expect(page).not.toHaveURL(new RegExp(`/watch/${ids.Charlie}$`));
    });

    test('in the liked playlist, the next liked video plays next', async ({ page }) => {
      await signIn(page, creator.username, creator.password);
      await expect(page).toHaveURL(/\/$/);
      await page.goto(`/watch/${ids.Alpha}?playlist=liked`);
      const card = upNext(page);
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card).toContainText(`Bravo ${creator.username}`);
      await card.getByRole('button', { name: 'Play now' }).click();
      await expect(page).toHaveURL(new RegExp(`/watch/${ids.Bravo}\\?playlist=liked$`));
      // Bravo is the playlist's last video: then the first suggestion comes next.
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card).toContainText((await firstSuggestion(page).textContent())!);
    });

    test('Autoplay off: the video just ends, and the choice is remembered', async ({ page }) => {
      await page.goto(`/watch/${ids.Bravo}`);
      const toggle = page.getByRole('switch', { name: 'Autoplay' });
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('player').getByRole('button', { name: 'Replay' })).toBeAttached(
        {
          timeout: 20_000,
        },
      );
      await expect(upNext(page)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Autoplay' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
    });
  });
}
