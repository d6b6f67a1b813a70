import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { linkIn, parseMail, type ReceivedMail } from '../server/test/helpers/mail-parse';

// The messages the e2e server sent, as the SMTP server serve.mjs runs on loopback received them.
const MAILBOX = path.resolve(import.meta.dirname, '..', '.tmp/e2e-mail');

async function received(): Promise<ReceivedMail[]> {
  const names = (await fs.readdir(MAILBOX).catch(() => [])).filter((n) => /^\d+\.json$/.test(n));
  const mails: ReceivedMail[] = [];
  for (const name of names.sort()) {
    const { from, to, raw } = JSON.parse(await fs.readFile(path.join(MAILBOX, name), 'utf8')) as {
      from: string;
      to: string[];
      raw: string;
    };
    mails.push(
      parseMail(raw, {
        envelope: { mailFrom: { address: from }, rcptTo: to.map((address) => ({ address })) },
      }),
    );
  }
  return mails;
}

/** The newest message to `address` whose subject matches, once it has arrived. */
export async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await received())
          .filter((m) => m.to.includes(address) && subject.test(m.subject))
          .at(-1);
        return found !== undefined;
      },
      { message: `a message to ${address} about ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The link in the message to a page of the site (`/reset-password`, `/verify-email`). */
export function linkTo(mail: ReceivedMail, page: string): URL {
  return linkIn(mail, page);
}
