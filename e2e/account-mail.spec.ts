import { expect, test } from '@playwright/test';
import { linkTo, mailTo } from './mailbox';
import { newAccount, signIn, signOut, signUp } from './support';

// Mail goes through the real outbox to an SMTP server on loopback (serve.mjs); the test reads
// the message that arrived and follows its link, as the person would.
test('a forgotten password is reset from the link in the email, once', async ({
  page,
  baseURL,
}) => {
  const account = newAccount('forgetful');
  await signUp(page, account);
  // Sign-up sent a confirmation link.
  const welcome = await mailTo(account.email, /Confirm your email address/);
  expect(linkTo(welcome, '/verify-email').origin).toBe(new URL(baseURL!).origin);

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in card stays until the page's code has loaded; its field is labelled Email too.
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');

  const mail = await mailTo(account.email, /Reset your password/);
  expect(mail.html).toContain('/reset-password?token=');
  const link = linkTo(mail, '/reset-password');
  expect(link.origin).toBe(new URL(baseURL!).origin);
  await page.goto(link.toString());
  const newPassword = 'a brand new passphrase';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, account.username, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid username/email or password.');
  await signIn(page, account.username, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await signOut(page);

  // The link works once.
  await page.goto(link.toString());
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Repeat the new password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link was already used');
});
