import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { autoplayOff, createAdmin, newAccount, publishVideo, signIn, signUp } from './support';

async function person(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  // These pages stay on one watch page while others act: Up next must not move them on.
  await autoplayOff(context);
  const page = await context.newPage();
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return { page, account, context };
}

/** No axe violations on the page as it is now (WCAG 2.1 A and AA rules). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** The console's audit log, opened from its navigation: the rows that mention `text`. */
async function auditRows(admin: Page, text: string) {
  await admin
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  return admin.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: text });
}

test('an admin resolves a report, blocks a video and suspends a user in the console', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const creator = await person(browser, 'creator');
  const title = 'Suspicious giveaway clip';
  const videoId = await publishVideo(creator.page, title, testInfo.outputDir);

  // A viewer reports the video from the watch page.
  const viewer = await person(browser, 'reporter');
  await viewer.page.goto(`/watch/${videoId}`);
  await viewer.page.getByRole('button', { name: 'Report' }).click();
  const dialog = viewer.page.getByRole('dialog', { name: 'Report video' });
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.');
  await dialog.getByLabel('Other').check();
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Tell us what is wrong when the reason is "Other".',
  );
  await dialog.getByLabel('Details (required)').fill('It asks for my bank details.');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thanks for reporting this video. Staff will look at it.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The creator's studio, open before anything happens.
  await creator.page.goto('/stdio/channel/content');
  await expect(creator.page.getByRole('row', { name: title })).toBeVisible();
  await expect(creator.page.getByText('Blocked by staff')).toHaveCount(0);

  // The first admin, made with the command line, opens the console.
  const adminAccount = await createAdmin();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, adminAccount.username, adminAccount.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.getByRole('button', { name: 'Account menu' }).click();
  await admin.getByRole('menuitem', { name: 'Admin console' }).click();
  await expect(admin.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  const openReports = admin.getByRole('region', { name: 'Open reports' });
  await expect(openReports).toContainText('1');
  await expectAccessible(admin);

  // Reports: block the reported video with a reason, then resolve the report.
  await admin
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Reports' })
    .click();
  const report = admin.getByRole('listitem', { name: 'Video report: Other' });
  await expect(report).toContainText(title);
  await expect(report).toContainText('It asks for my bank details.');
  await expectAccessible(admin);
  await report.getByRole('button', { name: 'Block video' }).click();
  const block = admin.getByRole('dialog', { name: 'Block video' });
  await block.getByRole('button', { name: 'Block' }).click();
  await expect(block.getByRole('alert')).toHaveText('A reason is required.');
  // Keyboard only: the reason field has focus; Enter confirms.
  await admin.keyboard.type('Phishing for bank details');
  await admin.keyboard.press('Enter');
  await expect(block).toBeHidden();
  await expect(report).toContainText('hidden from others now');
  await report.getByRole('button', { name: 'Resolve' }).click();
  const resolve = admin.getByRole('dialog', { name: 'Resolve report' });
  await resolve.getByLabel('Note (optional)').fill('Video blocked');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByText('No open reports')).toBeVisible();
  await admin.getByLabel('State').selectOption('resolved');
  await expect(admin.getByRole('listitem', { name: 'Video report: Other' })).toContainText(
    `Resolved by @${adminAccount.username}`,
  );

  // The creator's page now shows the block and its reason; the viewer's shows nothing.
  await creator.page.reload();
  await expect(creator.page.getByRole('row', { name: title })).toContainText(
    'Blocked by staff: Phishing for bank details',
  );
  await expect(creator.page.getByText('Blocked by staff').first()).toBeVisible();
  await viewer.page.reload();
  await expect(viewer.page.getByRole('heading', { name: 'Video not found' })).toBeVisible();

  // Users: find the creator, suspend with a reason.
  await admin
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Users' })
    .click();
  await admin.getByLabel('Search by username or email').fill(creator.account.username);
  await admin.getByLabel('Search by username or email').press('Enter');
  const row = admin.getByRole('row', { name: `@${creator.account.username}` });
  await expect(row).toContainText('Active');
  await expectAccessible(admin);
  await row.getByRole('button', { name: 'Suspend' }).click();
  const suspend = admin.getByRole('dialog', { name: 'Suspend account' });
  await suspend.getByLabel('Reason').fill('Repeated scams');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('Repeated scams');

  // The creator is signed out on their next page; their channel is gone for the viewer.
  await creator.page.goto('/');
  await expect(creator.page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await signIn(creator.page, creator.account.username, creator.account.password);
  await expect(creator.page.getByRole('alert')).toContainText('This account is suspended.');
  await viewer.page.goto(`/username/${creator.account.username}`);
  await expect(viewer.page.getByText('Channel not found')).toBeVisible();

  // The audit log has all three, newest first.
  await admin
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  const entries = admin.getByRole('table', { name: 'Audit log' }).getByRole('row');
  await expect(entries.nth(1)).toContainText('Suspended an account');
  await expect(entries.nth(2)).toContainText('Resolved a report');
  await expect(entries.nth(3)).toContainText('Blocked a video');
  await expectAccessible(admin);
  for (const section of ['Videos', 'Settings']) {
    await admin
      .getByRole('navigation', { name: 'Admin console' })
      .getByRole('link', { name: section })
      .click();
    await expect(admin.getByRole('heading', { name: 'Admin console' })).toBeVisible();
    await expectAccessible(admin);
  }
  await Promise.all([creator.context.close(), viewer.context.close(), adminContext.close()]);
});

test('an admin turns off two-factor sign-in for someone who lost their authenticator', async ({
  browser,
}) => {
  // The user turns it on (as Settings does, through the API) and then loses the phone.
  const locked = await person(browser, 'lostphone');
  const setup = await locked.page.request.post('/api/v1/users/me/totp');
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()).data as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6 });
  const on = await locked.page.request.post('/api/v1/users/me/totp/confirm', {
    data: { code: totp.generate() },
  });
  expect(on.status()).toBe(200);
  await locked.context.close();

  const adminAccount = await createAdmin();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, adminAccount.username, adminAccount.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.goto(`/admin/users?query=${locked.account.username}`);
  const row = admin.getByRole('row', { name: `@${locked.account.username}` });
  await expect(row).toContainText('Two-factor sign-in on');
  // The admin's own row offers nothing: their own is turned off in Settings.
  await admin.goto(`/admin/users?query=${adminAccount.username}`);
  const own = admin.getByRole('row', { name: `@${adminAccount.username}` });
  await expect(own).toContainText('You');
  await expect(own.getByRole('button', { name: 'Turn off 2FA' })).toHaveCount(0);

  await admin.goto(`/admin/users?query=${locked.account.username}`);
  await row.getByRole('button', { name: 'Turn off 2FA' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await expect(dialog).toContainText(`@${locked.account.username}`);
  await expectAccessible(admin);
  await dialog.getByLabel('Reason').fill('Lost phone; confirmed by email');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).not.toContainText('Two-factor sign-in on');
  await expect(row.getByRole('button', { name: 'Turn off 2FA' })).toHaveCount(0);

  const logged = await auditRows(admin, `@${adminAccount.username}`);
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText('Turned off two-factor sign-in');
  await expect(logged).toContainText('Lost phone; confirmed by email');

  // The password alone signs in now.
  const back = await browser.newContext();
  const page = await back.newPage();
  await signIn(page, locked.account.username, locked.account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await Promise.all([back.close(), adminContext.close()]);
});

test('an admin sets a new password for someone who lost their mailbox', async ({ browser }) => {
  const locked = await person(browser, 'nomailbox');
  const adminAccount = await createAdmin();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, adminAccount.username, adminAccount.password);
  await expect(admin).toHaveURL(/\/$/);
  // Their own is changed in Settings, with the current one.
  await admin.goto(`/admin/users?query=${adminAccount.username}`);
  const own = admin.getByRole('row', { name: `@${adminAccount.username}` });
  await expect(own).toContainText('You');
  await expect(own.getByRole('button', { name: 'Set password' })).toHaveCount(0);

  await admin.goto(`/admin/users?query=${locked.account.username}`);
  const row = admin.getByRole('row', { name: `@${locked.account.username}` });
  await row.getByRole('button', { name: 'Set password' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Set a new password' });
  await expect(dialog).toContainText(`Every session of @${locked.account.username} ends`);
  await expectAccessible(admin);
  const field = dialog.getByLabel('New password');
  // The sign-up rules, before anything is sent.
  await field.fill(locked.account.username);
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Password must not be your username or email address.',
  );
  await expect(field).toBeFocused();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const made = await field.inputValue();
  expect(made).toMatch(/^([a-z2-9]{5}-){3}[a-z2-9]{5}$/);
  await dialog.getByLabel('Reason (optional)').fill('Mailbox closed; identity checked');
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(dialog).toBeHidden();

  // Their open session has ended: the next page they load is a visitor's.
  await locked.page.reload();
  await expect(locked.page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  const logged = await auditRows(admin, 'Mailbox closed; identity checked');
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText('Set a new password');
  await expect(logged).not.toContainText(made);

  // The old password is refused and the new one signs in.
  const back = await browser.newContext();
  const page = await back.newPage();
  await signIn(page, locked.account.username, locked.account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid username/email or password.');
  await signIn(page, locked.account.username, made);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await Promise.all([back.close(), adminContext.close(), locked.context.close()]);
});

test('a regular user, or a visitor, at /admin sees the 404 page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  const account = newAccount('plain');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/admin', '/admin/users', '/admin/reports']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin console' })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
});

test('a creator holds comments, approves one in the studio, and blocks a user', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const creator = await person(browser, 'holder');
  const fan = await person(browser, 'fan');
  const other = await person(browser, 'other');
  const videoId = await publishVideo(creator.page, 'Held comments clip', testInfo.outputDir);

  // The creator holds new comments for approval from the video's details.
  await creator.page.goto(`/stdio/channel/content/${videoId}`);
  await creator.page.getByLabel('Hold new comments for my approval').check();
  await creator.page.getByRole('button', { name: 'Save' }).click();
  await expect(creator.page.getByText('Changes saved.')).toBeVisible();

  // The fan's comment waits; they see it marked, nobody else sees it.
  await fan.page.goto(`/watch/${videoId}`);
  const fanComments = fan.page.getByRole('region', { name: 'Comments' });
  await expect(fanComments).toContainText('New comments wait for the channel owner’s approval');
  const box = fanComments.getByRole('textbox', { name: 'Add a comment...' });
  await box.click();
  await box.fill('Please let this through');
  await fanComments.getByRole('button', { name: 'Comment', exact: true }).click();
  const held = fanComments.getByRole('article', { name: `Comment by @${fan.account.username}` });
  await expect(held).toContainText('Waiting for approval');
  await other.page.goto(`/watch/${videoId}`);
  const otherComments = other.page.getByRole('region', { name: 'Comments' });
  await expect(otherComments).toContainText('No comments yet.');

  // The studio lists it; approving shows it to everyone.
  await creator.page.goto('/stdio/channel/community');
  const item = creator.page.getByRole('listitem', {
    name: `Held comment by @${fan.account.username}`,
  });
  await expect(item).toContainText('Please let this through');
  await expectAccessible(creator.page);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(creator.page.getByText('No comments are waiting for you')).toBeVisible();
  await other.page.reload();
  await expect(
    otherComments.getByRole('article', { name: `Comment by @${fan.account.username}` }),
  ).toContainText('Please let this through');

  // The other user's comment is reported by the fan, and deleted by the creator, who then
  // blocks its author from commenting.
  await creator.page.goto(`/stdio/channel/content/${videoId}`);
  await creator.page.getByLabel('On', { exact: true }).check();
  await creator.page.getByRole('button', { name: 'Save' }).click();
  await expect(creator.page.getByText('Changes saved.')).toBeVisible();
  await other.page.reload();
  const otherBox = otherComments.getByRole('textbox', { name: 'Add a comment...' });
  await otherBox.click();
  await otherBox.fill('Spam spam spam spam');
  await otherComments.getByRole('button', { name: 'Comment', exact: true }).click();
  await fan.page.reload();
  const spam = fanComments.getByRole('article', { name: `Comment by @${other.account.username}` });
  await spam.getByRole('button', { name: 'Comment options' }).click();
  await fan.page.getByRole('menuitem', { name: 'Report' }).click();
  const report = fan.page.getByRole('dialog', { name: 'Report comment' });
  await report.getByLabel('Spam or misleading').check();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(report.getByRole('status')).toContainText('Thanks for reporting this comment.');
  await report.getByRole('button', { name: 'Done' }).click();

  await creator.page.goto(`/watch/${videoId}`);
  const ownerView = creator.page.getByRole('region', { name: 'Comments' });
  const spamSeen = ownerView.getByRole('article', {
    name: `Comment by @${other.account.username}`,
  });
  await spamSeen.getByRole('button', { name: 'Comment options' }).click();
  await creator.page.getByRole('menuitem', { name: 'Block user' }).click();
  await creator.page
    .getByRole('dialog', { name: 'Block user' })
    .getByRole('button', { name: 'Block' })
    .click();
  await spamSeen.getByRole('button', { name: 'Comment options' }).click();
  await creator.page.getByRole('menuitem', { name: 'Delete' }).click();
  await creator.page
    .getByRole('dialog', { name: 'Delete comment' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(spamSeen).toHaveCount(0);
  const refused = await other.page.request.post(`/api/v1/comments/createcomments/u/${videoId}`, {
    data: { content: 'Let me back in' },
  });
  expect(refused.status()).toBe(403);

  // The studio lists the blocked user, and lets them back.
  await creator.page.goto('/stdio/channel/community');
  await creator.page.getByRole('button', { name: `Unblock @${other.account.username}` }).click();
  await expect(creator.page.getByText('You have blocked nobody')).toBeVisible();
  const allowed = await other.page.request.post(`/api/v1/comments/createcomments/u/${videoId}`, {
    data: { content: 'Back again, politely' },
  });
  expect(allowed.status()).toBe(201);
  await Promise.all([creator.context.close(), fan.context.close(), other.context.close()]);
});
