import { expect, test, type Page } from '@playwright/test';
import { newAccount, publishVideo, signIn, signUp } from './support';

/** Moves within the running app, as its own links do: the app and its cache stay in memory. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

test('editing or deleting a video in the studio refreshes every list at once', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = newAccount('fresh');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  const renamedId = await publishVideo(page, 'Freshness first', testInfo.outputDir);
  const deletedId = await publishVideo(page, 'Freshness second', testInfo.outputDir);
  for (const id of [renamedId, deletedId]) {
    const liked = await page.request.post(`/api/v1/toggle/like-dislike/${id}/like`, {
      data: { contentType: 'Video' },
    });
    expect(liked.ok()).toBe(true);
  }

  // One page load; from here on every list is read once and kept in the app's cache.
  await page.goto('/');
  const lists = ['/', '/likedvideos', `/username/${account.username}`];
  for (const list of lists) {
    await goInApp(page, list);
    await expect(page.getByText('Freshness first').first()).toBeVisible();
    await expect(page.getByText('Freshness second').first()).toBeVisible();
  }

  await goInApp(page, `/stdio/channel/content/${renamedId}`);
  await page.getByLabel('Title').fill('Freshness renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();

  await goInApp(page, '/stdio/channel/content');
  await page
    .getByRole('row', { name: 'Freshness second' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete video' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('row', { name: 'Freshness second' })).toHaveCount(0);

  // Well within the cache's 30 s: each list shows the edit and the deletion straight away.
  for (const list of lists) {
    await goInApp(page, list);
    await expect(page.getByText('Freshness renamed').first(), list).toBeVisible();
    await expect(page.getByText('Freshness first'), list).toHaveCount(0);
    await expect(page.getByText('Freshness second'), list).toHaveCount(0);
  }
});
