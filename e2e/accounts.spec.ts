import { expect, test } from '@playwright/test';
import { avatarFile, newAccount, signIn, signOut, signUp } from './support';

test('a new user signs up, signs in by email and by username, and signs out', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await expect(menuButton).toBeVisible();

  // The avatar menu lists every item of the product description, in order; Account (the
  // identity provider's account page) only for accounts that sign in with one.
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(page.getByText(account.fullName, { exact: true })).toBeVisible();
  await expect(page.getByText(`@${account.username}`, { exact: true })).toBeVisible();
  for (const item of [
    'View your channel',
    'Switch Account',
    'Sign Out',
    'Studio',
    'Purchases and Memberships',
    'Settings',
    'Profile',
  ]) {
    await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('menuitem', { name: 'Account', exact: true })).toHaveCount(0);
  // The avatar is the uploaded image, served by the server.
  const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /\/media\/images\/.+\.webp$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The session survives a reload: it lives in an HttpOnly cookie, checked by the server.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await signOut(page);
});

test('a wrong password shows the server message in the error box', async ({ page }) => {
  await signIn(page, 'nobody-at-all', 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Invalid username/email or password.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign-up refusals are shown, and a taken username is named', async ({ page }) => {
  const account = newAccount('taken');
  await signUp(page, account);
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(`other-${account.email}`);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('FullName').fill('Someone Else');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Avatar').setInputFiles(await avatarFile());
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toContainText('This username is already taken.');
  await expect(page).toHaveURL(/\/signup$/);
});

test('a visitor is sent to sign in from a protected page and returns there after', async ({
  page,
}) => {
  const account = newAccount('returning');
  await signUp(page, account);

  await page.goto('/likedvideos');
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/likedvideos$/);

  // Signed-in users do not see the sign-in and sign-up cards.
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
});

test('clicking outside the sign-in card goes home', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'LOG IN' })).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
});

test('the search box navigates to the encoded query and ignores blank text', async ({ page }) => {
  await page.goto('/home');
  const box = page.getByRole('textbox', { name: 'Search', exact: true });
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await box.fill('cats & dogs');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cats%20%26%20dogs$/);
});

test('the studio needs a session and a wide enough screen', async ({ page }) => {
  await page.goto('/stdio/channel');
  await expect(page).toHaveURL(/\/$/);

  const account = newAccount('creator');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/stdio/channel');
  await expect(page).toHaveURL(/\/stdio\/channel\/dashboard$/);

  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page).toHaveURL(/\/stdio\/notAvailableStdio$/);
});

test('the sidebar shows the visitor items and the coming-soon page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const item of [
    'Home',
    'Explore',
    'Trending',
    'Music',
    'Gaming',
    'Sports',
    'Settings',
    'Help',
  ]) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Liked Videos' })).toHaveCount(0);
  // Settings is the account's own page: a visitor is asked to sign in first.
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/home');
  await nav.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(/\/commingsoon$/);
  await nav.getByRole('link', { name: 'Music', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=music$/);
});

test('the sign-up form says why a common or repetitive password is refused', async ({ page }) => {
  const account = newAccount('weakpw');
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('FullName').fill('Weak Password');
  await page.getByLabel('Avatar').setInputFiles(await avatarFile());
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await password.fill('password1');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText(
    'This password is one of the most common passwords.',
  );
  await password.fill('aaaaaaaaaa');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText(
    'Password must not be one character or a short pattern repeated',
  );
  await expect(page).toHaveURL(/\/signup$/);
  // A good one goes through.
  await password.fill(account.password);
  await submit.click();
  await expect(page).toHaveURL(/\/signin$/);
});
