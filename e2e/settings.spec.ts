import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { avatarFile, newAccount, signIn, signOut, signUp } from './support';

async function signedUp(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('profile settings are saved and shown on the channel page', async ({ page }) => {
  const account = await signedUp(page, 'profiled');
  await openSettings(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Full name').fill('Ada Settings');
  await profile.getByLabel('Bio').fill('Films about engines.\nNew ones every week.');
  await profile.getByLabel('New profile picture').setInputFiles(await avatarFile());
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Profile saved.');

  await page.goto(`/username/${account.username}`);
  await expect(page.getByRole('heading', { name: 'Ada Settings' })).toBeVisible();
  await expect(page.getByTestId('channel-bio')).toHaveText(
    'Films about engines.\nNew ones every week.',
  );
  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByRole('dialog').getByText('Films about engines.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The top bar's Profile dialog saves too, and the channel shows it after a reload.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await dialog.getByLabel('Bio').fill('Now about trains.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('channel-bio')).toHaveText('Now about trains.');
});

test('two-factor sign-in is set up from Settings and then asks for a code', async ({ page }) => {
  const account = await signedUp(page, 'twofactor');
  await openSettings(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });

  // A wrong code (one off the current one) turns nothing on.
  const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
  await section.getByLabel('Code from the app').fill(wrong);
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('alert')).toBeVisible();
  await section.getByLabel('Code from the app').fill(totp.generate());
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('status')).toHaveText('Two-factor sign-in is on.');
  const recovery = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(recovery).toHaveLength(10);
  await signOut(page);

  // The password alone is not enough now.
  await signIn(page, account.username, account.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  // The code that turned it on cannot sign in again within its 30 s (RFC 6238 §5.2): the next
  // step's code, which the server accepts as a clock a little ahead, can.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await signOut(page);

  // A recovery code signs in once.
  await signIn(page, account.username, account.password);
  await page.getByLabel('Authentication code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);
  await signIn(page, account.username, account.password);
  await page.getByLabel('Authentication code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
});
