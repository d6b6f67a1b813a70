import { expect, test, type Page } from '@playwright/test';
import { seedCopies } from './seed';
import { SIZES, publishVideo, signIn, signedInAs, type Account } from './support';

// Lists load their next page as the end comes near, with a "Show more" button for keyboards,
// and keep their place when one comes back to them.

const CHANNEL_SIZE = 500;
let creator: Account;
let viewer: Account;
/** The channel's copies, oldest first. */
let copies: string[];
/**
 * Their titles' words, then a number: "Channel video <tag> 1" is the oldest. The tag is this
 * run's own, so a search finds only these copies, whatever another run of the set-up left.
 */
let titled: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  creator = await signedInAs(page, 'prolific');
  const newest = await publishVideo(page, `Newest of ${CHANNEL_SIZE}`, test.info().outputDir);
  // 499 more, older than it: number 1 is the channel's oldest, its last card.
  titled = `Channel video ${creator.username.slice(-6)}`;
  copies = seedCopies(newest, CHANNEL_SIZE - 1, titled);
  await page.close();
  const other = await browser.newPage();
  viewer = await signedInAs(other, 'scroller');
  await other.close();
});

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Channel videos' }).getByRole('listitem');

/** Signs the viewer in and opens the channel, with its first page of 60 cards shown. */
async function openChannel(page: Page) {
  await signIn(page, viewer.username, viewer.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/username/${creator.username}`);
  const list = cards(page);
  await expect(list).toHaveCount(60);
  return list;
}

/**
 * Scrolls to the bottom until the list says it has no next page (its "Show more" block is
 * gone); answers how many cards it holds then. Each scroll waits for the next page or that
 * end, never for a quiet moment, which a slow machine can make anywhere.
 */
async function scrollToEnd(page: Page, list: ReturnType<typeof cards>): Promise<number> {
  const more = page.getByTestId('load-more');
  for (;;) {
    const shown = await list.count();
    if ((await more.count()) === 0) return shown;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(async () => (await list.count()) > shown || (await more.count()) === 0, {
        timeout: 30_000,
      })
      .toBe(true);
  }
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('a channel with 500 videos scrolls to its last card, each card once', async ({ page }) => {
      test.setTimeout(180_000);
      const list = await openChannel(page);
      expect(await scrollToEnd(page, list)).toBe(CHANNEL_SIZE);
      const last = list.last();
      await last.scrollIntoViewIfNeeded();
      await expect(last.getByRole('link', { name: `${titled} 1`, exact: true })).toBeInViewport();
      const titles = await list.getByRole('heading').allTextContents();
      expect(new Set(titles).size).toBe(CHANNEL_SIZE);
      // Nothing is left to load: no button, no marker.
      await expect(page.getByRole('button', { name: 'Show more videos' })).toHaveCount(0);
    });

    test('Back returns to the same place in a long list', async ({ page }) => {
      test.setTimeout(90_000);
      const list = await openChannel(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => list.count()).toBeGreaterThan(60);
      // The 100th card, on the second page.
      const card = list.nth(99);
      await card.scrollIntoViewIfNeeded();
      const title = (await card.getByRole('heading').textContent())!;
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(1000);
      await card.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(/\/watch\//);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('link', { name: title, exact: true })).toBeInViewport();
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
    });

    test('"Show more" loads the next page and moves focus to its first card', async ({ page }) => {
      const list = await openChannel(page);
      const focusedIndex = () =>
        page.evaluate(() => {
          const item = document.activeElement?.closest('li');
          return item ? [...item.parentElement!.children].indexOf(item) : -1;
        });

      // Pressed while the end of the list is out of reach: the button alone loads the page.
      const more = page.getByRole('button', { name: 'Show more videos' });
      await more.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
      await page.keyboard.press('Enter');
      await expect(list).toHaveCount(120);
      expect(await focusedIndex()).toBe(60);

      // Reached with the keyboard, which scrolls the end into reach: the list goes on by
      // itself and focus still continues with the new cards.
      await more.focus();
      await expect(list).toHaveCount(180);
      await expect.poll(focusedIndex).toBe(120);
    });
  });
}

test('home, search and the studio go on past their first page too', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  const lists: [string, ReturnType<Page['getByRole']>, number][] = [
    ['/', page.getByRole('list', { name: 'Videos' }).getByRole('listitem'), 60],
    [
      `/search?q=${encodeURIComponent(titled)}`,
      page.getByRole('list', { name: 'Matching videos' }).getByRole('listitem'),
      60,
    ],
    [
      '/stdio/channel/content',
      page.getByRole('table', { name: 'Your videos' }).locator('tbody tr'),
      20,
    ],
  ];
  for (const [path, items, first] of lists) {
    await page.goto(path);
    await expect(items).toHaveCount(first, { timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(items).toHaveCount(first * 2);
  }
  // Search counts every match although it shows a page at a time.
  await page.goto(`/search?q=${encodeURIComponent(titled)}`);
  await expect(page.getByText('499 videos')).toBeVisible();
});

test('watch history and a playlist go on past their first page too', async ({ page }) => {
  test.setTimeout(120_000);
  // An account of its own: the viewer above has watched videos in the other tests.
  await signedInAs(page, 'librarian');
  // 70 videos watched (a history page holds 60) and 110 saved to Watch later (a playlist page
  // holds 100), through the API the pages use.
  for (const id of copies.slice(0, 70)) {
    expect((await page.request.post(`/api/v1/videos/increaseviews/${id}`)).status()).toBe(200);
  }
  for (const id of copies.slice(0, 110)) {
    const saved = await page.request.post('/api/v1/playlists/watch-later/videos', {
      data: { videoId: id },
    });
    expect(saved.status()).toBe(200);
  }

  await page.goto('/feed/history');
  const watched = page.getByRole('main').getByRole('listitem');
  await expect(watched).toHaveCount(60);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(watched).toHaveCount(70);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  await page.goto('/playlist?list=watch-later');
  const saved = page.getByRole('list', { name: 'Playlist videos' }).getByRole('listitem');
  await expect(saved).toHaveCount(100);
  // From the keyboard: "Show more" loads the rest and focus moves on to the 101st video.
  const more = page.getByRole('button', { name: 'Show more' });
  await more.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect(saved).toHaveCount(110);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const item = document.activeElement?.closest('li');
        return item ? [...item.parentElement!.children].indexOf(item) : -1;
      }),
    )
    .toBe(100);
});

test('a next page that fails keeps the cards shown and offers Try again', async ({ page }) => {
  test.setTimeout(90_000);
  // Every next page (they go after a cursor) fails with a server error until let through.
  let failing = true;
  let failed = 0;
  await page.route(
    (url) => url.pathname === '/api/v1/videos/getallvideos' && url.searchParams.has('cursor'),
    async (route) => {
      if (!failing) return route.continue();
      failed += 1;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Something went wrong' }),
      });
    },
  );
  const list = await openChannel(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

  // The first try and its retries failed: the list and the channel stay, and say so below.
  await expect(page.getByText('More could not be loaded.')).toBeVisible({ timeout: 30_000 });
  expect(failed).toBeGreaterThan(0);
  await expect(list).toHaveCount(60);
  await expect(page.getByText('Videos could not be loaded')).toHaveCount(0);

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(list).toHaveCount(120);
  await expect(page.getByText('More could not be loaded.')).toHaveCount(0);
});
