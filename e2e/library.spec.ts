import { expect, test, type Page } from '@playwright/test';
import { makeMp4, newAccount, publishVideo, signIn, signUp, thumbnailFile } from './support';

async function newSignedInPage(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

test('Save to a new playlist from the watch page, and to Watch later from a card', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const account = await newSignedInPage(page, 'saver');
  const id = await publishVideo(page, 'Lighthouse at night', testInfo.outputDir);

  await page.goto(`/watch/${id}`);
  await expect(page.getByRole('heading', { name: 'Lighthouse at night', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save video to…' });
  await expect(dialog.getByRole('checkbox', { name: 'Watch later' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Create new playlist' }).click();
  await dialog.getByLabel('Playlist title').fill('Night walks');
  await dialog.getByLabel('Visibility').selectOption('public');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Night walks' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The channel's Playlists tab lists it; its page holds the video.
  await page.goto(`/username/${account.username}`);
  await page.getByRole('tab', { name: 'Playlists' }).click();
  await page.getByRole('link', { name: 'Night walks' }).click();
  await expect(page).toHaveURL(/\/playlist\?list=[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Night walks', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Playlist videos' })
      .getByRole('link', { name: 'Lighthouse at night' }),
  ).toBeVisible();

  // A card's menu saves to Watch later.
  await page.goto(`/username/${account.username}`);
  await page.getByRole('button', { name: 'Actions for Lighthouse at night' }).click();
  await page.getByRole('menuitem', { name: 'Save to Watch later' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to Watch later' })).toHaveCount(1);
  await page.goto('/playlist?list=watch-later');
  await expect(page.getByRole('heading', { name: 'Watch later', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lighthouse at night' })).toBeVisible();
});

async function playlistOf(page: Page, title: string, videoIds: string[]): Promise<string> {
  const created = await page.request.post('/api/v1/playlists', {
    data: { title, visibility: 'public' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data._id as string;
  for (const videoId of videoIds) {
    const res = await page.request.post(`/api/v1/playlists/${id}/videos`, { data: { videoId } });
    expect(res.status()).toBe(200);
  }
  return id;
}

const rowTitles = (page: Page) =>
  page
    .getByRole('list', { name: 'Playlist videos' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

test('the owner reorders a playlist by dragging and with the keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await newSignedInPage(page, 'order');
  const ids: string[] = [];
  for (const title of ['First light', 'Second wind', 'Third act']) {
    ids.push(await publishVideo(page, title, testInfo.outputDir));
  }
  const listId = await playlistOf(page, 'In order', ids);
  await page.goto(`/playlist?list=${listId}`);
  await expect.poll(() => rowTitles(page)).toEqual(['First light', 'Second wind', 'Third act']);

  // Drag the third onto the first.
  const list = page.getByRole('list', { name: 'Playlist videos' });
  await list
    .getByRole('listitem', { name: 'Third act' })
    .dragTo(list.getByRole('listitem', { name: 'First light' }));
  await expect.poll(() => rowTitles(page)).toEqual(['Third act', 'First light', 'Second wind']);

  // The keyboard: the handle's arrow keys and End.
  const handle = page.getByRole('button', { name: 'Move First light', exact: true });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => rowTitles(page)).toEqual(['First light', 'Third act', 'Second wind']);
  await expect(page.getByRole('button', { name: 'Move First light', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => rowTitles(page)).toEqual(['Third act', 'Second wind', 'First light']);

  // Saved: a reload shows the same order.
  await expect
    .poll(async () =>
      (
        (await (await page.request.get(`/api/v1/playlists/${listId}`)).json()).data.videos as {
          title: string;
        }[]
      ).map((v) => v.title),
    )
    .toEqual(['Third act', 'Second wind', 'First light']);
  await page.reload();
  await expect.poll(() => rowTitles(page)).toEqual(['Third act', 'Second wind', 'First light']);
});

test('the bell shows a new upload of a subscribed channel without a reload', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const channelPage = await (await browser.newContext()).newPage();
  const fanPage = await (await browser.newContext()).newPage();
  const channel = await newSignedInPage(channelPage, 'bellchan');
  await newSignedInPage(fanPage, 'bellfan');
  const session = await (await channelPage.request.get('/api/v1/users/check-session')).json();
  const subscribed = await fanPage.request.post(`/api/v1/subscriptions/u/${session.user._id}`);
  expect(subscribed.ok()).toBe(true);

  await fanPage.goto('/');
  const bell = fanPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await publishVideo(channelPage, 'Fresh from the channel', testInfo.outputDir);
  // The fan's page polls; the count arrives without a reload.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });

  await bell.click();
  const panel = fanPage.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('link', {
    name: new RegExp(`${channel.username} uploaded: Fresh from the channel`),
  });
  await expect(item).toBeVisible();
  await item.click();
  await expect(fanPage).toHaveURL(/\/watch\/[0-9a-f]{24}$/);
  await expect(
    fanPage.getByRole('heading', { name: 'Fresh from the channel', level: 1 }),
  ).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
});

test('play through a playlist: autoplay, next, loop and shuffle', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await newSignedInPage(page, 'player');
  const ids: string[] = [];
  for (const title of ['Part one', 'Part two', 'Part three']) {
    ids.push(await publishVideo(page, title, testInfo.outputDir));
  }
  const listId = await playlistOf(page, 'A short series', ids);

  await page.goto(`/playlist?list=${listId}`);
  await page.getByRole('link', { name: 'Play all' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${ids[0]}\\?list=${listId}$`));
  const panel = page.getByRole('region', { name: 'Playlist A short series' });
  await expect(panel.getByText('1 / 3')).toBeVisible();
  // At the end of a video, Up next counts down to the playlist's next one (not a suggestion).
  await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
    if (!(video.duration > 0)) {
      await new Promise((resolve) =>
        video.addEventListener('loadedmetadata', resolve, { once: true }),
      );
    }
    video.muted = true;
    video.currentTime = Math.max(0, video.duration - 0.3);
    await video.play();
  });
  const upNext = page.getByRole('region', { name: 'Up next' });
  await expect(upNext).toBeVisible({ timeout: 20_000 });
  await expect(upNext).toContainText('Part two');
  await upNext.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${ids[1]}\\?list=${listId}$`));
  await expect(page.getByRole('heading', { name: 'Part two', level: 1 })).toBeVisible();
  await panel.getByRole('link', { name: 'Next video' }).click();
  await expect(panel.getByText('3 / 3')).toBeVisible();
  // The end of the playlist: no next, until it loops.
  await expect(panel.getByRole('link', { name: 'Next video' })).toHaveCount(0);
  const loop = panel.getByRole('button', { name: 'Loop playlist' });
  await loop.click();
  await expect(loop).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('link', { name: 'Next video' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${ids[0]}\\?list=${listId}$`));
  // Loop is kept from one video to the next.
  await expect(panel.getByRole('button', { name: 'Loop playlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Shuffle keeps the playing video first and every other one once.
  const shuffle = panel.getByRole('button', { name: 'Shuffle playlist' });
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
  const order = await panel
    .getByRole('list', { name: 'Playlist videos' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(order[0]).toContain(ids[0]);
  expect(order.map((href) => href?.split('?')[0]).sort()).toEqual(
    ids.map((id) => `/watch/${id}`).sort(),
  );
});

test('the upload wizard adds the new video to a playlist made in its New playlist dialog', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const mp4 = await makeMp4(testInfo.outputDir, 'wizard-clip.mp4');
  await newSignedInPage(page, 'wizard');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('menuitem', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload videos' });
  await dialog.getByLabel('Select video file').setInputFiles(mp4);
  await dialog.getByLabel('Title').fill('Clip for the collection');
  await dialog.getByLabel('Description').fill('Three seconds, kept in a playlist.');
  await dialog.getByLabel('Thumbnail').setInputFiles(await thumbnailFile());

  // New playlist creates it at once, and the selector has it ticked.
  await dialog.getByRole('button', { name: 'New playlist' }).click();
  const create = page.getByRole('dialog', { name: 'New playlist' });
  await create.getByLabel('Playlist title').fill('Collection');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  await expect(dialog).toBeVisible();
  const selector = dialog.getByRole('button', { name: 'Collection' });
  await expect(selector).toBeVisible();
  await selector.click();
  await expect(dialog.getByRole('checkbox', { name: 'Collection' })).toBeChecked();
  await selector.click();

  for (let step = 0; step < 3; step += 1)
    await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Public').check();
  await dialog.getByLabel('Hashtag').fill('#collection');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const playlists = await (await page.request.get('/api/v1/playlists')).json();
  const collection = playlists.data.find((p: { title: string }) => p.title === 'Collection');
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/playlists/${collection._id}`);
      return ((await res.json()).data.videos as { title: string }[]).map((v) => v.title);
    })
    .toEqual(['Clip for the collection']);
});

test('the bell leads to Settings, where notification kinds and watch history are switched', async ({
  page,
}) => {
  await newSignedInPage(page, 'libsettings');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const notifications = page.getByRole('region', { name: 'Notifications' });
  const replies = notifications.getByRole('checkbox', { name: 'Replies to my comments' });
  await expect(replies).toBeChecked();
  // Switched as the server answers (each switch is saved at once), so not `uncheck()`, which
  // wants the box changed the instant it is clicked.
  await replies.click();
  await expect(replies).not.toBeChecked();
  await expect(replies).toBeEnabled();

  const history = page.getByRole('region', { name: 'Watch history' });
  const keep = history.getByRole('checkbox', { name: 'Keep my watch history' });
  await expect(keep).toBeChecked();
  await keep.click();
  await expect(keep).not.toBeChecked();
  await expect(keep).toBeEnabled();

  // Both were saved, not only switched on the page.
  await page.reload();
  await expect(replies).not.toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox', {
      name: 'Comments on my videos',
    }),
  ).toBeChecked();
  await expect(keep).not.toBeChecked();
  await history.getByRole('link', { name: 'Manage watch history' }).click();
  await expect(page).toHaveURL(/\/feed\/history$/);
});

test('notification switches show at once, never wait for each other, and a failed one switches back', async ({
  page,
}) => {
  await newSignedInPage(page, 'libswitch');
  // Each save of the settings is held, let through or refused here, as the test decides.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let saves = 0;
  await page.route('**/api/v1/notifications/settings', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    saves += 1;
    if (saves === 1) await released;
    if (saves === 3) {
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, success: false, message: 'Saving failed.' }),
      });
    }
    return route.continue();
  });
  const answered: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'PATCH' && request.url().endsWith('/notifications/settings')) {
      answered.push(response.status());
    }
  });

  await page.goto('/settings');
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const replies = notifications.getByRole('checkbox', { name: 'Replies to my comments' });
  const comments = notifications.getByRole('checkbox', { name: 'Comments on my videos' });
  const ready = notifications.getByRole('checkbox', { name: 'My uploads are ready' });
  await expect(replies).toBeChecked();
  await expect(comments).toBeChecked();

  // The first switch shows at once while its save is held, and the next one need not wait.
  await replies.click();
  await expect.poll(() => saves).toBe(1);
  await expect(replies).not.toBeChecked();
  await expect(comments).toBeEnabled();
  await comments.click();
  await expect(comments).not.toBeChecked();
  await expect.poll(() => answered).toEqual([200]);
  release();
  await expect.poll(() => answered).toEqual([200, 200]);
  await expect(replies).not.toBeChecked();
  await expect(comments).not.toBeChecked();

  // A save that fails switches back only its own box, and says so.
  await expect(ready).toBeChecked();
  await ready.click();
  await expect(notifications.getByRole('alert')).toBeVisible();
  await expect(ready).toBeChecked();
  await expect(replies).not.toBeChecked();
  await expect(comments).not.toBeChecked();

  // What was saved is what the server keeps.
  await page.unroute('**/api/v1/notifications/settings');
  await page.reload();
  await expect(replies).not.toBeChecked();
  await expect(comments).not.toBeChecked();
  await expect(ready).toBeChecked();
});
