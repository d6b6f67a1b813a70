import { expect, test, type Page } from '@playwright/test';
import { publishVideo, runCli, signedInAs } from './support';

// A page about one thing keeps what it shows while it reads again; once a read says the thing
// is gone for this viewer (made private, its owner suspended), neither the page nor the tab
// shows it any longer.

/**
 * The viewer comes back to the tab once the page's reads are stale (30 s, lib/query-client.ts):
 * the page reads again, as a returning viewer's would.
 */
async function returnToTab(page: Page) {
  await page.clock.fastForward(31_000);
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
}

test('a playlist made private while a visitor has it open is gone from the page and the tab', async ({
  page,
  browser,
}) => {
  const owner = await browser.newPage();
  await signedInAs(owner, 'shelf');
  const created = await owner.request.post('/api/v1/playlists', {
    data: { title: 'Quiet evenings', visibility: 'public' },
  });
  expect(created.status()).toBe(201);
  const listId = (await created.json()).data._id as string;

  await page.clock.install();
  await page.goto(`/playlist?list=${listId}`);
  await expect(page.getByRole('heading', { name: 'Quiet evenings', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Quiet evenings - Vidshare');

  const edit = await owner.request.patch(`/api/v1/playlists/${listId}`, {
    data: { visibility: 'private' },
  });
  expect(edit.status()).toBe(200);
  await returnToTab(page);

  await expect(page.getByRole('heading', { name: 'Playlist not found', level: 1 })).toBeVisible();
  await expect(page.getByText('Quiet evenings')).toHaveCount(0);
  await expect(page).toHaveTitle('Playlist not found - Vidshare');
  await owner.close();
});

test('a channel whose owner is suspended while a viewer has it open is gone from the page and the tab', async ({
  page,
  browser,
}) => {
  const owner = await browser.newPage();
  const account = await signedInAs(owner, 'gone');
  await owner.close();

  // Channel pages are for signed-in viewers.
  await signedInAs(page, 'onlooker');
  await page.clock.install();
  await page.goto(`/username/${account.username}`);
  await expect(page.getByRole('heading', { name: account.fullName, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${account.fullName} - Vidshare`);

  await runCli(['users:suspend', '--username', account.username, '--reason', 'Spam']);
  await returnToTab(page);

  await expect(page.getByRole('heading', { name: 'Channel not found', level: 1 })).toBeVisible();
  await expect(page.getByText(account.fullName)).toHaveCount(0);
  // Only the name the visitor typed (the address) is left.
  await expect(page).toHaveTitle(`${account.username} - Vidshare`);
});

test('an embedded video made private while it is open is gone from the player and the tab', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await browser.newPage();
  await signedInAs(owner, 'framed');
  const videoId = await publishVideo(owner, 'Tide tables', testInfo.outputDir);

  await page.clock.install();
  await page.goto(`/embed/${videoId}`);
  await expect(page.getByRole('link', { name: 'Tide tables' })).toBeVisible();
  await expect(page).toHaveTitle('Tide tables - Vidshare');

  const edit = await owner.request.patch(`/api/v1/videos/${videoId}`, {
    data: { visibility: 'private' },
  });
  expect(edit.status()).toBe(200);
  await returnToTab(page);

  await expect(page.getByText('This video is unavailable.')).toBeVisible();
  await expect(page.getByText('Tide tables')).toHaveCount(0);
  await expect(page).toHaveTitle('Vidshare');
  await owner.close();
});
