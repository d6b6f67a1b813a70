import { expect, test, type Page } from '@playwright/test';
import { newAccount, signOut, signUp } from './support';

// An account registered with someone's address before they ever signed in with Google must not
// become theirs (nor they its owner's) just because the Google email matches. The e2e provider
// (serve.mjs) signs in the person named by the `e2e_person` cookie.
async function asGooglePerson(page: Page, person: string) {
  // The provider listens on the app's port + 1 (playwright.config.ts), under whichever local
  // name its issuer URL uses; cookies may be bound to their port, so they are set for it.
  const port = Number(new URL(page.url()).port) + 1;
  await page.context().addCookies(
    ['127.0.0.1', 'localhost'].map((host) => ({
      name: 'e2e_person',
      value: person,
      url: `http://${host}:${port}`,
    })),
  );
}

async function signInWithGoogle(page: Page) {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Sign In With Google' }).click();
}

async function menuShows(page: Page, text: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a Google sign-in links to the account with its email only after that account’s password', async ({
  page,
}) => {
  const account = { ...newAccount('lena'), email: 'lena.linked@example.com' };
  await signUp(page, account);
  await asGooglePerson(page, 'lena');

  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/signin\/google-link$/);
  await expect(page.getByRole('heading', { name: 'Link your Google account' })).toBeVisible();
  await expect(page.getByText('lena.linked@example.com')).toBeVisible();
  // Nobody is signed in yet.
  await page.goto('/likedvideos');
  await expect(page).toHaveURL(/\/signin$/);

  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/signin\/google-link$/);
  const password = page.getByLabel(`Password of @${account.username}`);
  await password.fill('not the password at all');
  await page.getByRole('button', { name: 'LINK AND SIGN IN' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password is incorrect.');
  await password.fill(account.password);
  await page.getByRole('button', { name: 'LINK AND SIGN IN' }).click();
  // Back where the sign-in started.
  await expect(page).toHaveURL(/\/likedvideos$/);
  await menuShows(page, `@${account.username}`);
  await signOut(page);

  // Linked for good: the next Google sign-in goes straight in.
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/$/);
  await menuShows(page, `@${account.username}`);
});

test('someone else’s account with your email: Google creates a separate account instead', async ({
  page,
}) => {
  const squatter = { ...newAccount('squat'), email: 'nora.squatted@example.com' };
  await signUp(page, squatter);
  await asGooglePerson(page, 'nora');

  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/signin\/google-link$/);
  const email = page.getByLabel('Email for the new account');
  await email.fill('nora.squatted@example.com');
  await page.getByRole('button', { name: 'CREATE SEPARATE ACCOUNT' }).click();
  await expect(page.getByRole('alert')).toHaveText('This email is already registered.');
  await email.fill('nora.elsewhere@example.com');
  await page.getByRole('button', { name: 'CREATE SEPARATE ACCOUNT' }).click();
  await expect(page).toHaveURL(/\/$/);
  await menuShows(page, 'Nora Own');
  await menuShows(page, '@nora.elsewhere');
});
