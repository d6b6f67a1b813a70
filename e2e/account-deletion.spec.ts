import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, publishVideo, signIn, signUp } from './support';

test('an account is deleted from its confirmation page, which says what goes', async ({ page }) => {
  const account = newAccount('leaving');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  const videoId = await publishVideo(page, 'Clip that goes', path.join(os.tmpdir(), 'e2e-delete'));

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Delete account…' }).click();
  await expect(page).toHaveURL(/\/settings\/delete-account$/);
  await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
  const losses = page.getByRole('list', { name: 'What will be lost' });
  await expect(losses).toContainText(`Your channel @${account.username}`);
  await expect(losses).toContainText('Your 1 video, public, unlisted and private');
  await expect(losses).toContainText('Your watch history');
  await expect(page.getByRole('link', { name: 'Download your data' })).toBeVisible();

  const password = page.getByLabel('Your password');
  await password.fill('not the password at all');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password is incorrect.');
  await password.fill(account.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out, on the front page.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  expect((await page.request.get(`/api/v1/videos/vid-id/${videoId}`)).status()).toBe(404);
  await signIn(page, account.username, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid username/email or password.');
});

/** The e2e provider (serve.mjs) signs in the person the `e2e_person` cookie names. */
async function asGooglePerson(page: Page, person: string) {
  const port = Number(new URL(page.url()).port) + 1;
  await page.context().addCookies(
    ['127.0.0.1', 'localhost'].map((host) => ({
      name: 'e2e_person',
      value: person,
      url: `http://${host}:${port}`,
    })),
  );
}

test('an account that signs in with Google is deleted after a fresh Google sign-in', async ({
  page,
}) => {
  await page.goto('/signin');
  await asGooglePerson(page, 'dora');
  await page.getByRole('link', { name: 'Sign In With Google' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.goto('/settings/delete-account');
  await expect(page.getByRole('list', { name: 'What will be lost' })).toContainText(
    'Your videos (you have none now)',
  );
  // No password to type: the sign-in a moment ago is the proof.
  await expect(page.getByLabel('Your password')).toHaveCount(0);
  await expect(page.getByText('You signed in with Google a moment ago.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const session = await (await page.request.get('/api/v1/users/check-session')).json();
  expect(session.isAuthenticated).toBe(false);
});
