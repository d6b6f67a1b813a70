import { expect, test, type Page } from '@playwright/test';
import { SIZES, publishVideo, signedInAs } from './support';

// The server goes away (every request refused, as when it is stopped) and comes back: the tab
// never lands on the browser's error page, says what is wrong in place, and recovers.

let title = '';

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage();
  const owner = await signedInAs(page, 'resilient');
  title = `Resilient ${owner.username}`;
  await publishVideo(page, title, testInfo.outputDir);
  await page.close();
});

async function searchFor(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: 'Search' });
  if (!(await field.isVisible()))
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  await field.fill(text);
  await field.press('Enter');
}

/** Refuses every request to the server, as a stopped server would. */
const serverDown = (page: Page) => page.route('**/*', (route) => route.abort('connectionrefused'));

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('a page whose code cannot load shows Retry in place, and loads once the server is back', async ({
      page,
    }) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await serverDown(page);
      await searchFor(page, 'Resilient');
      const panel = page.getByTestId('page-error');
      await expect(
        panel.getByRole('heading', { name: 'This page could not be loaded' }),
      ).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(panel).toContainText('cannot be reached');
      // In place: the app's own page, with its top bar, at the address asked for.
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search\?q=Resilient$/);
      await expect(page.getByRole('link', { name: 'Vidshare', exact: true })).toBeVisible();
      // Retry while still away: still in place, still saying so.
      await panel.getByRole('button', { name: 'Retry' }).click();
      await expect(panel).toContainText('cannot be reached');
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1/);

      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Back: the page loads by itself.
      await expect(
        page.getByRole('list', { name: 'Matching videos' }).getByRole('link', { name: title }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(panel).toHaveCount(0);
    });

    test('reads keep trying while the server is away and the page fills in when it returns', async ({
      page,
    }) => {
      // Every page's code is loaded first; then only the server's answers go missing.
      await page.goto('/search?q=Resilient');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await page.goto('/home');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
      await searchFor(page, title);
      const banner = page.getByTestId('connection-banner');
      await expect(banner).toContainText('cannot be reached');
      await expect(page.getByRole('status', { name: 'Loading videos' })).toBeVisible();

      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await expect(
        page.getByRole('list', { name: 'Matching videos' }).getByRole('link', { name: title }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(banner).toHaveCount(0);
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1/);
    });
  });
}

test('when the top bar’s signed-in controls cannot load, the page stays and a button reloads them', async ({
  page,
}) => {
  await signedInAs(page, 'controls');
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
  // Their code is loaded once the session says someone is signed in: here it does not arrive.
  await page.route('**/assets/signed-in-controls-*.js', (route) =>
    route.abort('connectionrefused'),
  );
  await page.reload();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  const reload = page.getByRole('button', { name: /account menu could not be loaded/ });
  await expect(reload).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toHaveCount(0);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await reload.click();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});
