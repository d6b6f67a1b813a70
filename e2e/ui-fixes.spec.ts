import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeMp4, publishVideo, signIn, signedInAs, type Account } from './support';

// Three screens that used to go wrong: the bell's panel on a phone ran off the left edge,
// Escape in the upload wizard's playlist selector closed the whole upload dialog, and
// confirming a delete dropped focus to the page's body.

let owner: Account;
let videoId = '';
let spareVideoId = '';

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  owner = await signedInAs(page, 'uifix');
  videoId = await publishVideo(page, `Fixes video ${owner.username}`, testInfo.outputDir);
  spareVideoId = await publishVideo(page, `Spare video ${owner.username}`, testInfo.outputDir);
  const playlist = await page.request.post('/api/v1/playlists', {
    data: { title: 'Keepers', visibility: 'private' },
  });
  expect(playlist.status()).toBe(201);
  await page.close();
});

async function signedIn(page: Page) {
  await signIn(page, owner.username, owner.password);
  await expect(page).toHaveURL(/\/$/);
}

/** Nothing has focus when the page's body has it: the keyboard user starts over at the top. */
function bodyHasFocus(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.activeElement === null || document.activeElement === document.body,
  );
}

for (const width of [390, 360, 430]) {
  test.describe(`phone ${width} px`, () => {
    test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });

    test('the notification panel lies inside the screen, its heading whole', async ({ page }) => {
      await signedIn(page);
      await page.goto('/home');
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await bell.tap();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      const viewport = page.viewportSize()!;
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

      const heading = panel.getByRole('heading', { name: 'Notifications' });
      const headingBox = (await heading.boundingBox())!;
      expect(headingBox.x).toBeGreaterThanOrEqual(box.x);
      expect(headingBox.x + headingBox.width).toBeLessThanOrEqual(box.x + box.width);
      // Nothing of the heading's text is cut off by its box.
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // Keyboard behaviour as before: Escape closes and gives focus back to the bell.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();
    });
  });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the notification panel still hangs under the bell', async ({ page }) => {
    await signedIn(page);
    await page.goto('/home');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    const bellBox = (await bell.boundingBox())!;
    expect(box.y).toBeGreaterThan(bellBox.y + bellBox.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    // Its right edge is the bell's, not the screen's.
    expect(Math.abs(box.x + box.width - (bellBox.x + bellBox.width))).toBeLessThan(2);
  });

  test('Escape in the upload wizard’s playlist selector closes only the selector', async ({
    page,
  }, testInfo) => {
    await signedIn(page);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'Upload video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload videos' });
    await dialog
      .getByLabel('Select video file')
      .setInputFiles(await makeMp4(testInfo.outputDir, 'selector-clip.mp4'));
    const toggle = dialog.getByRole('button', { name: 'Select playlists' });
    const choice = dialog.getByRole('checkbox', { name: 'Keepers' });

    // Escape with focus on the toggle.
    await toggle.click();
    await expect(choice).toBeVisible();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(choice).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();
    await expect(toggle).toBeFocused();

    // Escape with focus on a checkbox in the panel.
    await toggle.press('Enter');
    await choice.focus();
    await page.keyboard.press('Escape');
    await expect(choice).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(toggle).toBeFocused();

    // Escape in the New playlist dialog opened from the wizard closes only that dialog.
    const newPlaylist = dialog.getByRole('button', { name: 'New playlist' });
    await newPlaylist.click();
    const create = page.getByRole('dialog', { name: 'New playlist' });
    await expect(create.getByLabel('Playlist title')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(newPlaylist).toBeFocused();

    // With the selector closed, Escape closes the dialog as it always did.
    await toggle.focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Create' })).toBeFocused();
  });

  test('confirming a comment or reply delete leaves focus on the next sensible place', async ({
    page,
  }) => {
    const post = async (path: string, content: string) => {
      const res = await page.request.post(path, { data: { content } });
      expect(res.ok()).toBe(true);
      return (await res.json()).data._id as string;
    };
    await signedIn(page);
    const older = await post(`/api/v1/comments/createcomments/u/${videoId}`, 'Older comment');
    await post(`/api/v1/comments/createcomments/u/${videoId}`, 'Newer comment');
    await post(`/api/v1/comments/replycomment/u/${older}`, 'Only reply');
    await page.goto(`/watch/${videoId}`);
    const list = page.getByRole('list', { name: 'Comment list' });
    const article = (text: string, kind = 'Comment') =>
      list.getByRole('article', { name: `${kind} by @${owner.username}` }).filter({
        has: page.getByText(text, { exact: true }),
      });
    const optionsOf = (item: Locator) =>
      item.getByRole('button', { name: 'Comment options' }).first();

    const deleteVia = async (item: Locator, what: RegExp) => {
      await optionsOf(item).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete comment' });
      await expect(confirm.getByText(what)).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toBeHidden();
    };

    // The newer comment is listed first; deleting it moves focus to the options of the next.
    await expect(article('Newer comment')).toBeVisible();
    await deleteVia(article('Newer comment'), /Delete your comment/);
    await expect(page.getByText('Newer comment', { exact: true })).toHaveCount(0);
    await expect(optionsOf(article('Older comment'))).toBeFocused();
    expect(await bodyHasFocus(page)).toBe(false);

    // A thread's only reply: focus goes to its comment's options.
    const reply = list.getByRole('article', { name: `Reply by @${owner.username}` });
    await expect(reply).toBeVisible();
    await deleteVia(reply, /Delete your reply/);
    await expect(reply).toHaveCount(0);
    await expect(optionsOf(article('Older comment'))).toBeFocused();

    // The last comment: focus goes to the Comments heading.
    await deleteVia(article('Older comment'), /Delete your comment/);
    await expect(list).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Comments' }).getByRole('heading', { level: 2 }),
    ).toBeFocused();
    expect(await bodyHasFocus(page)).toBe(false);
  });

  test('confirming a delete in the studio content list leaves focus on the next row', async ({
    page,
  }) => {
    await signedIn(page);
    await page.goto('/stdio/channel/content');
    const first = page.getByRole('row', { name: `Fixes video ${owner.username}` });
    const second = page.getByRole('row', { name: `Spare video ${owner.username}` });
    await expect(first).toBeVisible();
    await expect(second).toBeVisible();
    // Whichever is listed first goes; the other's Delete then has focus.
    const rows = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Delete' }) });
    const gone = (await rows.first().getAttribute('aria-label'))!;
    const stays = gone.startsWith('Fixes') ? second : first;
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete video' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('row', { name: gone })).toHaveCount(0);
    await expect(stays.getByRole('button', { name: 'Delete' })).toBeFocused();
    expect(await bodyHasFocus(page)).toBe(false);
    expect(spareVideoId).not.toBe('');
  });
});
