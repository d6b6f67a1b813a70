import { expect, test, type Page } from '@playwright/test';
import { autoplayOff, newAccount, publishVideo, signIn, signUp } from './support';

async function newSignedInPage(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

test('two users subscribe, comment with an emoji, reply, like, and find it all again', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Both stay on the short video's page well past its end: it must not go on to the next.
  const contexts = [await browser.newContext(), await browser.newContext()];
  for (const context of contexts) await autoplayOff(context);
  const ownerPage = await contexts[0]!.newPage();
  const fanPage = await contexts[1]!.newPage();
  const owner = await newSignedInPage(ownerPage, 'owner');
  const fan = await newSignedInPage(fanPage, 'fan');
  const videoId = await publishVideo(ownerPage, 'Social hour at the studio', testInfo.outputDir);

  // The fan subscribes from the watch page; the count moves by one.
  await fanPage.goto(`/watch/${videoId}`);
  await expect(fanPage.getByRole('heading', { name: 'Social hour at the studio' })).toBeVisible();
  await fanPage.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(fanPage.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();
  await expect(fanPage.getByText('1 subscriber', { exact: false }).first()).toBeVisible();

  // Likes the video: the pill is pressed and counts one.
  const like = fanPage.getByRole('button', { name: /^Like \d/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');

  // Comments with an emoji from the picker.
  const comments = fanPage.getByRole('region', { name: 'Comments' });
  const box = comments.getByRole('textbox', { name: 'Add a comment...' });
  await box.click();
  await box.fill('What a lovely clip ');
  await comments.getByRole('button', { name: 'Insert emoji' }).first().click();
  const picker = fanPage.getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('thumbs up');
  await picker.getByRole('button', { name: 'Thumbs Up', exact: true }).first().click();
  await expect(box).toHaveValue(/What a lovely clip .*👍/u);
  if (await picker.isVisible()) await fanPage.keyboard.press('Escape');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  const fanComment = comments.getByRole('article', { name: `Comment by @${fan.username}` });
  await expect(fanComment).toContainText('What a lovely clip');
  await expect(fanComment).toContainText('👍');

  // The owner replies to the fan, likes the fan's comment, and may report (not edit) it.
  await ownerPage.goto(`/watch/${videoId}`);
  const ownerComments = ownerPage.getByRole('region', { name: 'Comments' });
  const seenByOwner = ownerComments.getByRole('article', { name: `Comment by @${fan.username}` });
  await expect(seenByOwner).toBeVisible();
  await seenByOwner.getByRole('button', { name: 'Like comment', exact: true }).click();
  await expect(
    seenByOwner.getByRole('button', { name: 'Like comment', exact: true }).first(),
  ).toHaveAttribute('aria-pressed', 'true');
  await seenByOwner.getByRole('button', { name: 'Reply' }).first().click();
  await seenByOwner.getByRole('textbox', { name: 'Add a reply...' }).fill('Thank you so much!');
  await seenByOwner.getByRole('button', { name: 'Reply' }).last().click();
  await expect(
    ownerComments.getByRole('article', { name: `Reply by @${owner.username}` }),
  ).toContainText('Thank you so much!');
  await seenByOwner.getByRole('button', { name: 'Comment options' }).first().click();
  await expect(ownerPage.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(ownerPage.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await ownerPage.keyboard.press('Escape');

  // The owner edits, then deletes, a comment of their own.
  const ownerBox = ownerComments.getByRole('textbox', { name: 'Add a comment...' });
  await ownerBox.click();
  await ownerBox.fill('Pinned thoughts from the owner');
  await ownerComments.getByRole('button', { name: 'Comment', exact: true }).click();
  const mine = ownerComments.getByRole('article', { name: `Comment by @${owner.username}` });
  await expect(mine).toContainText('Pinned thoughts from the owner');

  // The fan likes the owner's comment and replies to it.
  await fanPage.reload();
  const ownerSeenByFan = comments.getByRole('article', { name: `Comment by @${owner.username}` });
  const likeOwnerComment = ownerSeenByFan
    .getByRole('button', { name: 'Like comment', exact: true })
    .first();
  await likeOwnerComment.click();
  await expect(likeOwnerComment).toHaveAttribute('aria-pressed', 'true');
  await ownerSeenByFan.getByRole('button', { name: 'Reply' }).first().click();
  await ownerSeenByFan.getByRole('textbox', { name: 'Add a reply...' }).fill('Agreed, great clip');
  await ownerSeenByFan.getByRole('button', { name: 'Reply' }).last().click();
  await expect(comments.getByRole('article', { name: `Reply by @${fan.username}` })).toContainText(
    'Agreed, great clip',
  );
  await mine.getByRole('button', { name: 'Comment options' }).first().click();
  await ownerPage.getByRole('menuitem', { name: 'Edit' }).click();
  await mine.getByRole('textbox', { name: 'Edit comment' }).fill('Edited thoughts from the owner');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('Edited thoughts from the owner');
  await mine.getByRole('button', { name: 'Comment options' }).first().click();
  await ownerPage.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = ownerPage.getByRole('dialog', { name: 'Delete comment' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(mine).toHaveCount(0);
  await expect(seenByOwner).toBeVisible();

  // The fan finds the video among subscriptions and liked videos, and the channel among channels.
  await fanPage.goto('/userSubscriptions');
  await expect(
    fanPage.getByRole('link', { name: 'Social hour at the studio' }).first(),
  ).toBeVisible();
  await fanPage.goto('/likedvideos');
  await expect(
    fanPage.getByRole('link', { name: /Social hour at the studio/ }).first(),
  ).toBeVisible();
  await fanPage.goto('/channels');
  await expect(fanPage.getByText(`@${owner.username}`).first()).toBeVisible();

  // The channel page shows the subscription and the video.
  await fanPage.goto(`/username/${owner.username}`);
  await expect(fanPage.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();
  await fanPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await fanPage.getByRole('button', { name: 'About' }).click();
  const about = fanPage.getByRole('dialog', { name: 'About' });
  await about.getByRole('button', { name: 'Copy Url' }).click();
  await expect(about.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await fanPage.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/username/${owner.username}$`),
  );
  await expect(about.getByRole('button', { name: 'Copy Url' })).toBeVisible({ timeout: 5000 });
  await fanPage.keyboard.press('Escape');
  await expect(
    fanPage.getByRole('link', { name: 'Social hour at the studio' }).first(),
  ).toBeVisible();
});

test('a visitor is asked to sign in before liking and sees no comments', async ({
  page,
}, testInfo) => {
  await newSignedInPage(page, 'poster');
  const id = await publishVideo(page, 'Visitors look but do not touch', testInfo.outputDir);
  await page.context().clearCookies();
  await page.goto(`/watch/${id}`);
  await expect(page.getByText('Please signin to see comments.')).toBeVisible();
  const message = page.waitForEvent('dialog').then(async (d) => {
    const text = d.message();
    await d.dismiss();
    return text;
  });
  await page.getByRole('button', { name: /^Like \d/ }).click();
  expect(await message).toBe('Please sign in to like.');
});
