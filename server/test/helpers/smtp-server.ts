import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from './mail-parse.js';

export { linkIn, type ReceivedMail } from './mail-parse.js';

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:port, credentials included as an operator would give them. */
  url: string;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches; fails after a while. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next `count` messages are refused with this SMTP reply code (451: try later). */
  refuseNext(count: number, code: number): void;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'mail-secret';

/** A real SMTP server on loopback that keeps what it is sent, for tests that read mail. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const arrived = new EventEmitter();
  let refusals: { count: number; code: number } = { count: 0, code: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals = { ...refusals, count: refusals.count - 1 };
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = refusals.code;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(raw, session);
        messages.push(mail);
        arrived.emit('mail', mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          arrived.off('mail', listener);
          reject(new Error('no matching message arrived'));
        }, timeoutMs);
        const listener = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          arrived.off('mail', listener);
          resolve(mail);
        };
        arrived.on('mail', listener);
      });
    },
    refuseNext(count, code) {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
