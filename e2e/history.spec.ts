import { expect, test } from '@playwright/test';
import { publishVideo, signedInAs } from './support';

test('History in the sidebar opens the history with the watched video; visitors sign in first', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'hist');
  const id = await publishVideo(page, 'Harbour at dawn', testInfo.outputDir);
  await page.goto(`/watch/${id}`);
  await expect(page.getByRole('heading', { name: 'Harbour at dawn', level: 1 })).toBeVisible();
  // The view (and with it the history entry) is recorded once the page has the video.
  await expect
    .poll(async () => (await (await page.request.get('/api/v1/users/history')).json()).totalEntries)
    .toBe(1);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(page).toHaveURL(/\/feed\/history$/);
  await expect(page.getByRole('heading', { name: 'Watch history', level: 1 })).toBeVisible();
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: 'Harbour at dawn' })).toBeVisible();

  // Search within it, then remove the entry.
  await page.getByRole('searchbox', { name: 'Search watch history' }).fill('nothing like it');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No videos in your history match “nothing like it”')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search watch history' }).fill('harbour');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\?q=harbour$/);
  await page.getByRole('button', { name: 'Remove Harbour at dawn from watch history' }).click();
  await expect(page.getByRole('link', { name: 'Harbour at dawn' })).toHaveCount(0);

  // A visitor is sent to sign in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/feed/history');
  await expect(visitor).toHaveURL(/\/signin$/);
});

test('Removing history entries keeps focus in the list: the next entry, the one before, then the heading', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signedInAs(page, 'histfocus');
  const titles = ['Quay at noon', 'Pier at dusk', 'Bay at night'];
  let watched = 0;
  for (const title of titles) {
    const id = await publishVideo(page, title, testInfo.outputDir);
    await page.goto(`/watch/${id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    watched += 1;
    await expect
      .poll(
        async () => (await (await page.request.get('/api/v1/users/history')).json()).totalEntries,
      )
      .toBe(watched);
  }
  await page.goto('/feed/history');
  const remove = (title: string) =>
    page.getByRole('button', { name: `Remove ${title} from watch history` });
  // Newest first: Bay, Pier, Quay. The middle one goes; its successor is the entry after it.
  await expect(remove('Pier at dusk')).toBeVisible();
  await remove('Pier at dusk').focus();
  await page.keyboard.press('Enter');
  await expect(remove('Pier at dusk')).toHaveCount(0);
  await expect(remove('Quay at noon')).toBeFocused();
  // The last one goes: no entry after it, so the one before it.
  await page.keyboard.press('Enter');
  await expect(remove('Quay at noon')).toHaveCount(0);
  await expect(remove('Bay at night')).toBeFocused();
  // The only one left goes: the page's heading.
  await page.keyboard.press('Enter');
  await expect(page.getByText('This list has no videos')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watch history', level: 1 })).toBeFocused();
});
