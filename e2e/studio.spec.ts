import { expect, test } from '@playwright/test';
import { newAccount, publishVideo, signIn, signUp } from './support';

test('a creator edits, watches, measures and deletes videos in the studio', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = newAccount('studio');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  const keepId = await publishVideo(page, 'Studio clip one', testInfo.outputDir);
  const dropId = await publishVideo(page, 'Studio clip two', testInfo.outputDir);

  // Content lists both, newest first.
  await page.goto('/stdio/channel');
  await expect(page).toHaveURL(/\/stdio\/channel\/dashboard$/);
  await page.getByRole('link', { name: 'Content', exact: true }).click();
  const rows = page.getByRole('row', { name: /Studio clip/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAccessibleName('Studio clip two');

  // Edit title and visibility, and see them on the watch page.
  await page
    .getByRole('row', { name: 'Studio clip one' })
    .getByRole('link', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/stdio/channel/content/${keepId}$`));
  await page.getByLabel('Title').fill('ab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title must be at least 4 characters long.')).toBeVisible();
  await page.getByLabel('Title').fill('Studio clip, renamed');
  await page.getByLabel('Unlisted').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();

  await page.goto(`/watch/${keepId}`);
  await expect(page.getByRole('heading', { name: 'Studio clip, renamed' })).toBeVisible();

  // Someone with the link watches it (the owner's own viewing counts no view).
  const visitor = await browser.newPage();
  const viewCounted = visitor.waitForResponse(
    (r) => r.url().includes(`/increaseviews/${keepId}`) && r.ok(),
  );
  await visitor.goto(`/watch/${keepId}`);
  expect((await (await viewCounted).json()).data.counted).toBe(true);
  await visitor.close();

  // The view shows up in Analytics, and the totals agree with the chart.
  await page.goto('/stdio/channel/analytics');
  const totals = page.getByLabel('Totals');
  const views = totals.locator('div').filter({ has: page.getByText('Views', { exact: true }) });
  await expect(views.locator('dd')).toHaveText('1');
  await expect(
    page.getByRole('img', { name: /^Views per day: 1 view in the last 28 days/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(
    page.getByRole('img', { name: /^Views per day: 1 view in the last 7 days/ }),
  ).toBeVisible();

  // Delete from Content, with confirmation; the row goes and the video is gone.
  await page.goto('/stdio/channel/content');
  await page
    .getByRole('row', { name: 'Studio clip two' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete video' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('row', { name: 'Studio clip two' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: 'Studio clip, renamed' })).toBeVisible();
  await page.goto(`/watch/${dropId}`);
  await expect(page.getByText('Video not found')).toBeVisible();
});

test('another user’s video id shows the studio not-found page', async ({ page }, testInfo) => {
  const owner = newAccount('theirs');
  await signUp(page, owner);
  await signIn(page, owner.username, owner.password);
  await expect(page).toHaveURL(/\/$/);
  const id = await publishVideo(page, 'Not yours to edit', testInfo.outputDir);
  await page.context().clearCookies();

  const other = newAccount('intruder');
  await signUp(page, other);
  await signIn(page, other.username, other.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/stdio/channel/content/${id}`);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
});
