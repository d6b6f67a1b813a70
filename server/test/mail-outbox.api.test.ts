import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailOutboxRepository } from '../src/repositories/mail-outbox.repository.js';
import { Mailer } from '../src/services/mailer.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { mailApp, type manualClock } from './helpers/mail-app.js';
import { SMTP_PASS, type TestSmtpServer } from './helpers/smtp-server.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let smtp: TestSmtpServer;
let clock: ReturnType<typeof manualClock>;
const quiet = { warn: () => {}, error: () => {} };
const content = (subject: string) => ({
  subject,
  text: `Body of ${subject}`,
  html: `<p>${subject}</p>`,
});

beforeAll(async () => {
  ({ t, smtp, clock } = await mailApp());
});
afterAll(async () => {
  await t.close();
});

const outbox = () =>
  t.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'state', 'attempts', 'last_error'])
    .execute();

function mailerOn(database: DatabaseHandle, smtpUrl = smtp.url) {
  return new Mailer({
    outbox: new MailOutboxRepository(database.db, database.dialect),
    config: { smtpUrl, from: 'Testshare <no-reply@vidshare.test>' },
    now: clock.now,
    log: quiet,
  });
}

describe('mail outbox', () => {
  it('delivers with the credentials in SMTP_URL and From from MAIL_FROM, then forgets the row', async () => {
    await t.app.services.mailer.send('first@example.com', content('Hello'));
    const mail = await smtp.waitFor((m) => m.to.includes('first@example.com'));
    expect(mail.subject).toBe('Hello');
    expect(mail.text).toBe('Body of Hello');
    expect(mail.html).toBe('<p>Hello</p>');
    expect(mail.from).toBe('no-reply@vidshare.test');
    // Once the sender's pass is over, the delivered row is gone.
    expect(await t.app.services.mailer.drain()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it('keeps a refused message and tries again after the backoff, not before', async () => {
    // A sender of our own, not started: the test decides when it runs.
    const mailer = mailerOn(t.database);
    smtp.refuseNext(2, 451);
    await mailer.send('retry@example.com', content('Retry me'));
    expect(await mailer.drain()).toBe(0);
    expect(await outbox()).toMatchObject([
      { to_address: 'retry@example.com', state: 'queued', attempts: 1 },
    ]);
    expect((await outbox())[0]!.last_error).toMatch(/451/);

    clock.advance(29_000);
    expect(await mailer.drain()).toBe(0);
    expect((await outbox())[0]!.attempts).toBe(1);

    clock.advance(1_000);
    expect(await mailer.drain()).toBe(0);
    expect((await outbox())[0]!.attempts).toBe(2);

    clock.advance(120_000);
    expect(await mailer.drain()).toBe(1);
    expect(await outbox()).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
    await mailer.stop();
  });

  it('gives up on a permanent refusal and keeps the row as failed', async () => {
    const mailer = mailerOn(t.database);
    smtp.refuseNext(1, 550);
    await mailer.send('gone@example.com', content('No such mailbox'));
    await mailer.drain();
    clock.advance(24 * 3_600_000);
    expect(await mailer.drain()).toBe(0);
    expect(await outbox()).toMatchObject([
      { to_address: 'gone@example.com', state: 'failed', attempts: 1 },
    ]);
    await t.database.db.deleteFrom('mail_outbox').execute();
    await mailer.stop();
  });

  it('retries when the SMTP server refuses the credentials', async () => {
    const wrong = mailerOn(t.database, smtp.url.replace(SMTP_PASS, 'wrong'));
    await wrong.send('creds@example.com', content('Creds'));
    expect(await wrong.drain()).toBe(0);
    expect(await outbox()).toMatchObject([{ state: 'queued', attempts: 1 }]);
    await wrong.stop();
    const right = mailerOn(t.database);
    clock.advance(30_000);
    expect(await right.drain()).toBe(1);
    await right.stop();
  });

  it('delivers each message once with senders in several processes on one database', async () => {
    const handles = [t.reopen(), t.reopen(), t.reopen()];
    const senders = handles.map((h) => mailerOn(h));
    const addresses = Array.from({ length: 24 }, (_, i) => `many${i}@example.com`);
    for (const a of addresses) await senders[0]!.send(a, content(`To ${a}`));
    const counts = await Promise.all(senders.map((s) => s.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(addresses.length);
    for (const a of addresses) {
      expect(smtp.messages.filter((m) => m.to.includes(a))).toHaveLength(1);
    }
    expect(await outbox()).toEqual([]);
    for (const s of senders) await s.stop();
    for (const h of handles) await h.close();
  });

  it('hands a message whose sender died mid-send to another once its lease runs out', async () => {
    const repo = new MailOutboxRepository(t.database.db, t.database.dialect);
    const mailer = mailerOn(t.database);
    await mailer.send('orphan@example.com', content('Orphan'));
    // A sender claims it and dies before answering.
    expect(await repo.claim('dead-sender', clock.now(), 120_000)).toBeDefined();
    expect(await mailer.drain()).toBe(0);
    clock.advance(120_001);
    expect(await mailer.drain()).toBe(1);
    await mailer.stop();
  });
});
