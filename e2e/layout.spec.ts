import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  makeMp4,
  newAccount,
  publishVideo,
  signIn,
  signOut,
  signUp,
  thumbnailFile,
  waitUntilPlayable,
} from './support';

async function signedIn(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

/** Levels of the headings a screen reader lists, in document order (all, or those in main). */
function headingLevels(page: Page, within = 'body'): Promise<number[]> {
  return page.evaluate(
    (root) =>
      [...document.querySelectorAll(root)]
        .flatMap((scope) => [...scope.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')])
        .filter((el) => !el.closest('[aria-hidden="true"], [hidden]'))
        .filter((el) => getComputedStyle(el).display !== 'none')
        .map((el) => Number(el.getAttribute('aria-level') ?? el.tagName.slice(1))),
    within,
  );
}

/** One h1, the main content starts with it, and no heading goes more than one level deeper. */
async function expectHeadingOrder(page: Page, where: string) {
  const levels = await headingLevels(page);
  expect(
    levels.filter((level) => level === 1),
    `${where}: one h1 in ${levels}`,
  ).toHaveLength(1);
  expect((await headingLevels(page, 'main'))[0], `${where}: main starts with the h1`).toBe(1);
  levels.forEach((level, index) => {
    if (index === 0) return;
    expect(level, `${where}: no skipped level in ${levels}`).toBeLessThanOrEqual(
      levels[index - 1]! + 1,
    );
  });
}

test('search, channel and list pages have one h1 and headings that never skip a level', async ({
  page,
}, testInfo) => {
  const owner = await signedIn(page, 'outline');
  const id = await publishVideo(page, 'Outline video', testInfo.outputDir);
  const { _id: ownerId } = (await (await page.request.get('/api/v1/users/check-session')).json())
    .user as { _id: string };
  await signOut(page);

  await signedIn(page, 'outlinefan');
  expect(
    (
      await page.request.post(`/api/v1/toggle/like-dislike/${id}/like`, {
        data: { contentType: 'Video' },
      })
    ).status(),
  ).toBeLessThan(300);
  expect((await page.request.post(`/api/v1/subscriptions/u/${ownerId}`)).status()).toBeLessThan(
    300,
  );

  const pages: [string, string][] = [
    ['/search?q=Outline', 'Outline video'],
    [`/username/${owner.username}`, 'Outline video'],
    ['/likedvideos', 'Outline video'],
    ['/userSubscriptions', 'Outline video'],
    ['/channels', owner.fullName],
  ];
  for (const [path, shown] of pages) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(shown).first()).toBeVisible();
    await expectHeadingOrder(page, path);
  }
});

test('the analytics page ends with its charts, with no blank scroll from hidden tables', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'blank');
  await publishVideo(page, 'Analytics scroll', testInfo.outputDir);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/stdio/channel/analytics?range=90');
  const figures = page.getByRole('figure');
  await expect(figures.last()).toBeVisible();
  const { scrollHeight, contentBottom } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    contentBottom: Math.max(
      ...[...document.querySelectorAll('main figure')].map(
        (figure) => figure.getBoundingClientRect().bottom + window.scrollY,
      ),
    ),
  }));
  // The page padding under the last chart, nothing more.
  expect(scrollHeight - contentBottom).toBeLessThan(64);
});

test('chart axis labels never render larger than the card headings', async ({ page }, testInfo) => {
  await signedIn(page, 'axis');
  await publishVideo(page, 'Axis labels', testInfo.outputDir);
  for (const width of [1600, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/stdio/channel/analytics');
    await expect(page.getByRole('figure').first()).toBeVisible();
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll('main figure')].map((figure) => {
        const heading = parseFloat(getComputedStyle(figure.querySelector('figcaption')!).fontSize);
        const labels = [...figure.querySelectorAll('svg text')].map((text) => {
          const scale = (text as SVGTextElement).getScreenCTM()!.a;
          return parseFloat(getComputedStyle(text).fontSize) * scale;
        });
        return { heading, largest: Math.max(...labels), count: labels.length };
      }),
    );
    expect(sizes.length).toBeGreaterThan(0);
    for (const { heading, largest, count } of sizes) {
      expect(count).toBeGreaterThan(0);
      expect(largest).toBeLessThan(heading);
      expect(largest).toBeGreaterThanOrEqual(10);
    }
  }
});

test('from 640 to 760 px the studio table shows every column and the rail cuts no label', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'narrow');
  await publishVideo(page, 'A video with a title long enough to wrap', testInfo.outputDir);
  for (const width of [640, 700, 760]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/stdio/channel/content?page=1');
    const table = page.getByRole('table', { name: 'Your videos' });
    await expect(table.getByRole('row', { name: /A video with a title/ })).toBeVisible();
    const container = await table.evaluate((el) => {
      const box = el.parentElement!;
      return { scroll: box.scrollWidth, client: box.clientWidth };
    });
    expect(container.scroll, `${width}px: the table fits its container`).toBeLessThanOrEqual(
      container.client,
    );
    for (const name of ['Views', 'Comments', 'Likes', 'Date']) {
      const header = table.getByRole('columnheader', { name });
      await expect(header).toBeInViewport({ ratio: 1 });
      const cut = await header.evaluate((el) => {
        const label = el.querySelector('button') ?? el;
        return label.scrollWidth > label.clientWidth;
      });
      expect(cut, `${width}px: "${name}" is not cut`).toBe(false);
    }
    const nav = page.getByRole('navigation', { name: 'Studio navigation' });
    await expect(nav.getByRole('link', { name: 'Customisation' })).toBeVisible();
    const cutLabels = await nav.evaluate((el) =>
      [...el.querySelectorAll('a span')]
        .filter((span) => span.scrollWidth > span.clientWidth)
        .map((span) => span.textContent),
    );
    expect(cutLabels, `${width}px: rail labels`).toEqual([]);
  }
});

test('on a phone the search field spans the top bar and its suggestions fit the screen', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'phone');
  await publishVideo(page, 'Phone search suggestion with a long title', testInfo.outputDir);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const field = page.getByRole('textbox', { name: 'Search' });
  await expect(field).toBeFocused();
  const fieldBox = (await field.boundingBox())!;
  expect(fieldBox.width).toBeGreaterThanOrEqual(220);
  expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(375);

  await field.fill('Phone search');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  const option = list.getByRole('option', { name: 'Phone search suggestion with a long title' });
  await expect(option).toBeVisible();
  const listBox = (await list.boundingBox())!;
  expect(listBox.x).toBeGreaterThanOrEqual(0);
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(375);
  expect(listBox.width).toBeGreaterThanOrEqual(fieldBox.width);

  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Phone(\+|%20)search$/);
  // The bar is back to its buttons; the search button opens the field again.
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('Phone search');
  // Escape closes the suggestions first, then the field.
  await expect(list).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).press('Escape');
  await expect(list).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search' }).press('Escape');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
});

test('the emoji picker opens upward when there is no room below it', async ({ page }, testInfo) => {
  await signedIn(page, 'emojiup');
  const id = await publishVideo(page, 'Emoji room', testInfo.outputDir);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/watch/${id}`);
  const box = page.getByRole('textbox', { name: 'Add a comment...' });
  await box.click();
  const trigger = page.getByRole('button', { name: 'Insert emoji' }).first();
  await expect(trigger).toBeVisible();
  // Puts the button 40 px above the bottom edge of the window.
  await trigger.evaluate((el) => {
    window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 40));
  });
  const roomBelow = await trigger.evaluate(
    (el) => window.innerHeight - el.getBoundingClientRect().bottom,
  );
  expect(roomBelow).toBeGreaterThan(20);
  expect(roomBelow).toBeLessThan(60);
  await trigger.click();
  const picker = page.getByRole('dialog', { name: 'Emoji picker' });
  await expect(picker.getByRole('searchbox', { name: 'Search emoji' })).toBeVisible();
  await expect(picker).toBeInViewport({ ratio: 1 });
  const pickerBox = (await picker.boundingBox())!;
  expect(pickerBox.y).toBeGreaterThanOrEqual(0);
  expect(pickerBox.y + pickerBox.height).toBeLessThanOrEqual(720);
});

test('a hashtag never wraps inside itself', async ({ page }, testInfo) => {
  await signedIn(page, 'hashwrap');
  const mp4 = await makeMp4(testInfo.outputDir, 'hashtag.mp4');
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title: 'Hashtag wrapping',
      description: 'Short.',
      hashtag: '#aquitelonghashtagname #another',
      visibility: 'public',
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await fs.readFile(mp4) },
      thumbnail: await thumbnailFile(),
    },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).data._id as string;
  await waitUntilPlayable(page, id);

  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`/watch/${id}`);
  const description = page.getByRole('region', { name: 'Description' });
  for (const tag of ['#aquitelonghashtagname', '#another']) {
    const hashtag = description.getByText(tag, { exact: true });
    await expect(hashtag).toBeVisible();
    // One line box per hashtag: none is split, after its "#" or anywhere else.
    expect(await hashtag.evaluate((el) => el.getClientRects().length)).toBe(1);
    const { height, lineHeight } = await hashtag.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    }));
    expect(height).toBeLessThan(lineHeight * 1.5);
  }
});
