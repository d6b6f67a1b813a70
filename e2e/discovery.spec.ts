import { expect, test } from '@playwright/test';
import { newAccount, publishVideo, signIn, signUp } from './support';

// The search page's filter panel and the sidebar's Trending, against the real server.

let word = '';
let quiet = '';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const creator = newAccount('discover');
  await signUp(page, creator);
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  word = `zebu${creator.username.slice(-6)}`;
  quiet = await publishVideo(page, `${word} quiet one`, test.info().outputDir);
  await publishVideo(page, `${word} watched one`, test.info().outputDir);
  // One counted view for the first video, so it ranks first by views and in Trending: a
  // visitor's, since an owner watching their own video is no audience.
  const visitor = await browser.newPage();
  const view = await visitor.request.post(`/api/v1/videos/increaseviews/${quiet}`);
  expect(view.ok()).toBe(true);
  expect((await view.json()).data).toMatchObject({ counted: true });
  await visitor.close();
  await page.close();
});

test('the search page’s filters sort by views and filter by upload date', async ({ page }) => {
  await page.goto(`/search?q=${word}`);
  const results = page.getByRole('list', { name: 'Matching videos' });
  // Newest first by default.
  await expect(results.getByRole('listitem').first()).toContainText('watched one');
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('region', { name: 'Search filters' });
  await panel.getByRole('link', { name: 'View count' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&sortBy=views$`));
  await expect(results.getByRole('listitem').first()).toContainText('quiet one');
  await panel.getByRole('link', { name: 'Today' }).click();
  await expect(page).toHaveURL(/uploadDate=today/);
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'true');
  await panel.getByRole('link', { name: 'Over 20 minutes' }).click();
  await expect(page.getByText(`No videos found for "${word}"`)).toBeVisible();
});

test('the sidebar’s Trending opens the videos watched most lately', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Trending', exact: true })
    .click();
  await expect(page).toHaveURL(/\/feed\/trending$/);
  await expect(page.getByRole('heading', { name: 'Trending', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Trending videos' });
  await expect(
    list.getByRole('link', { name: new RegExp(`${word} quiet one`) }).first(),
  ).toBeVisible();
  await expect(list.getByText(`${word} watched one`)).toHaveCount(0);
});
