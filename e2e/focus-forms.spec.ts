import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  SIZES,
  makeMp4,
  newAccount,
  publishVideo,
  signIn,
  signUp,
  signedInAs,
  type Account,
} from './support';

// Keyboard and screen-reader users: every dialog gives focus back to what opened it, a file
// picked with the keyboard keeps focus in the dialog, the sign-in card starts in its first
// field and leaves on Escape, sign-up says its limits as one types, and home skips to videos.

let owner: Account;
let videoId = '';

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage();
  owner = await signedInAs(page, 'focus');
  videoId = await publishVideo(page, `Focus video ${owner.username}`, testInfo.outputDir);
  const comment = await page.request.post(`/api/v1/comments/createcomments/u/${videoId}`, {
    data: { content: 'A comment to delete, or not' },
  });
  expect(comment.ok()).toBe(true);
  await page.close();
});

/** Closes the open dialog with Escape and expects focus back on `opener`. */
async function closesBackTo(page: Page, dialogName: string, opener: Locator) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Opens a menu from its button by keyboard and picks an item. */
async function pickFromMenu(page: Page, menu: Locator, item: string) {
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: item }).press('Enter');
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('every dialog returns focus to what opened it, menu buttons included', async ({
      page,
    }) => {
      await signIn(page, owner.username, owner.password);
      await expect(page).toHaveURL(/\/$/);

      const create = page.getByRole('button', { name: 'Create' });
      await pickFromMenu(page, create, 'Upload video');
      await closesBackTo(page, 'Upload videos', create);

      const account = page.getByRole('button', { name: 'Account menu' });
      await pickFromMenu(page, account, 'Profile');
      await closesBackTo(page, 'Profile', account);

      await page.goto(`/watch/${videoId}`);
      const share = page.getByRole('button', { name: 'Share' });
      await share.click();
      await closesBackTo(page, 'Share', share);

      const options = page.getByRole('button', { name: 'Comment options' });
      await pickFromMenu(page, options, 'Delete');
      const confirm = page.getByRole('dialog', { name: 'Delete comment' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(options).toBeFocused();

      await page.goto(`/username/${owner.username}`);
      const about = page.getByRole('button', { name: 'About' });
      await about.click();
      await closesBackTo(page, 'About', about);
    });

    test('a video file picked with the keyboard keeps focus in the upload dialog', async ({
      page,
    }, testInfo) => {
      await signIn(page, owner.username, owner.password);
      await expect(page).toHaveURL(/\/$/);
      await pickFromMenu(page, page.getByRole('button', { name: 'Create' }), 'Upload video');
      const dialog = page.getByRole('dialog', { name: 'Upload videos' });
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Select files' }).press('Enter');
      await (await chooser).setFiles(await makeMp4(testInfo.outputDir, 'keyboard-pick.mp4'));
      await expect(dialog.getByLabel('Title')).toBeVisible();
      await expect
        .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
        .toBe(true);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    });

    test('the sign-in card starts in its first field and leaves on Escape', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByLabel('Email or Username')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toHaveCount(0);
    });

    test('sign-up says its limits as one types, with the server’s rules', async ({ page }) => {
      await page.goto('/signup');
      const username = page.getByLabel('Username', { exact: true });
      await username.fill('ab');
      await expect(page.getByText('Username must be at least 3 characters long.')).toBeVisible();
      await username.pressSequentially('c'.repeat(35));
      // The field takes the server's 30 and no more, and counts as it goes.
      await expect(username).toHaveValue('ab' + 'c'.repeat(28));
      await expect(page.getByText('30/30')).toBeVisible();
      await expect(page.getByText('Username must be at least 3 characters long.')).toHaveCount(0);

      const fullName = page.getByLabel('FullName');
      await fullName.fill('x'.repeat(100));
      await expect(fullName).toHaveValue('x'.repeat(80));
      await expect(page.getByText('80/80')).toBeVisible();

      await page.getByLabel('Email', { exact: true }).fill('not-an-address');
      await expect(page.getByText('Email is not a valid address.')).toBeVisible();
      // The whole flow still signs up.
      await signUp(page, newAccount('limits'));
    });

    test('home skips straight to its videos', async ({ page }) => {
      await signIn(page, owner.username, owner.password);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to videos' });
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      // Four key presses from the top of the page to the first video.
      const first = page.getByRole('list', { name: 'Videos' }).getByRole('listitem').first();
      await expect(first.getByRole('link').first()).toBeFocused();
    });
  });
}
