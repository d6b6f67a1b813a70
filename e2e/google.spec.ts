import { expect, test } from '@playwright/test';
import { newAccount, signIn, signOut, signUp } from './support';

// The e2e server signs in through a real local OpenID Connect provider (see serve.mjs), which
// always answers for the same verified person, Gina Google.

test('signing in with Google creates the account once, then signs into it again', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Sign In With Google' }).click();
  await expect(page).toHaveURL(/\/$/);
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.click();
  await expect(page.getByText('Gina Google', { exact: true })).toBeVisible();
  const handle = await page
    .getByText(/^@gina/)
    .first()
    .textContent();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  // A later visit lands in the same account, back on the page that asked for sign-in.
  await page.goto('/likedvideos');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('link', { name: 'Sign In With Google' }).click();
  await expect(page).toHaveURL(/\/likedvideos$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(handle!, { exact: true })).toBeVisible();

  // Switch Account goes through the provider's account chooser and comes back signed in.
  const chooser = page.waitForRequest(
    (r) => r.url().includes('/authorize') && r.url().includes('prompt=select_account'),
  );
  await page.getByRole('menuitem', { name: 'Switch Account' }).click();
  await chooser;
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(handle!, { exact: true })).toBeVisible();
});

test('a tampered Google sign-in lands on the sign-in card with a message', async ({ page }) => {
  await page.goto('/api/v1/users/google/login?code=forged&state=forged');
  await expect(page).toHaveURL(/\/signin\?error=state$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in attempt expired or was not started here. Please try again.',
  );
});

test("the avatar menu's Account opens Google's account page for a Google account only", async ({
  page,
  context,
}) => {
  // Nothing leaves the machine: the provider's page is answered locally.
  await context.route('https://myaccount.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Google Account</title>' }),
  );
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Sign In With Google' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  const account = page.getByRole('menuitem', { name: 'Account', exact: true });
  await expect(account).toHaveAttribute('href', 'https://myaccount.google.com/');
  await expect(account).toHaveAttribute('target', '_blank');
  await expect(account).toHaveAttribute('rel', /\bnoopener\b/);
  const popup = page.waitForEvent('popup');
  await account.click();
  const tab = await popup;
  await expect(tab).toHaveURL('https://myaccount.google.com/');
  await tab.close();
  // This tab stays where it was.
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);

  const password = newAccount('nogoogle');
  await signUp(page, password);
  await signIn(page, password.username, password.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Account', exact: true })).toHaveCount(0);
  await expect(page.getByText('Coming Soon')).toHaveCount(0);
});
