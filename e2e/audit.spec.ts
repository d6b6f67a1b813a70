import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makeMp4, newAccount, signIn, signUp, thumbnailFile } from './support';

async function signedIn(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

async function publish(page: Page, dir: string, title: string, description: string) {
  const mp4 = await makeMp4(dir, `${title.replace(/\W+/g, '-').toLowerCase()}.mp4`);
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title,
      description,
      hashtag: '#audit',
      visibility: 'public',
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await fs.readFile(mp4) },
      thumbnail: await thumbnailFile(),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data._id as string;
}

test('the Like button is named with the count it shows', async ({ page }, testInfo) => {
  await signedIn(page, 'likename');
  const id = await publish(page, testInfo.outputDir, 'Named like button', 'Short.');
  await page.goto(`/watch/${id}`);
  const like = page.getByRole('button', { name: 'Like 0', exact: true });
  await expect(like).toBeVisible();
  await like.click();
  await expect(page.getByRole('button', { name: 'Like 1', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('"Video not found" and "Channel not found" are each the page’s h1', async ({ page }) => {
  await signedIn(page, 'notfound');
  await page.goto('/watch/0123456789abcdef01234567');
  await expect(page.getByRole('heading', { level: 1, name: 'Video not found' })).toBeVisible();
  await page.goto('/username/nosuchchannelhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Channel not found' })).toBeVisible();
});

test('"...more" shows only when the description does not fit', async ({ page }, testInfo) => {
  await signedIn(page, 'more');
  const short = await publish(page, testInfo.outputDir, 'Short description', 'Fits on a line.');
  const long = await publish(
    page,
    testInfo.outputDir,
    'Long description',
    Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of a long description.`).join('\n'),
  );

  await page.goto(`/watch/${long}`);
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.getByText('Line 1 of a long description.')).toBeVisible();
  const more = description.getByRole('button', { name: '...more' });
  await expect(more).toBeVisible();
  await more.click();
  await expect(description.getByRole('button', { name: 'Show Less' })).toBeVisible();

  await page.goto(`/watch/${short}`);
  await expect(page.getByRole('region', { name: 'Description' })).toContainText('Fits on a line.');
  await expect(page.getByRole('region', { name: 'Description' }).getByRole('button')).toHaveCount(
    0,
  );
});

test('the studio never lands on page 0, even with no videos left', async ({ page }, testInfo) => {
  await signedIn(page, 'pagezero');
  await publish(page, testInfo.outputDir, 'Only video', 'The one and only.');
  await page.goto('/stdio/channel/content?page=1');
  await page
    .getByRole('row', { name: 'Only video' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete video' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByText('No content available')).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(page).not.toHaveURL(/page=0/);
});
