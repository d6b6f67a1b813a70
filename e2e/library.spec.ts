import { expect, test, type Page } from '@playwright/test';
import { newAccount, publishVideo, signIn, signUp } from './support';

async function newSignedInPage(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

test('History in the sidebar opens the history with the watched video; visitors sign in first', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await newSignedInPage(page, 'hist');
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
