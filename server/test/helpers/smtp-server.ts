import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, with its text and HTML parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

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

/** The first link in the message's text that goes to `page` (a path on PUBLIC_URL). */
export function linkIn(mail: ReceivedMail, page: string): URL {
  for (const [match] of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match);
    if (url.pathname === page) return url;
  }
  throw new Error(`no link to ${page} in: ${mail.text}`);
}

function parseMail(
  raw: string,
  session: { envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] } },
): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  const part = (type: string) => parts.find((p) => p.type === type)?.text ?? '';
  return {
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: part('text/plain'),
    html: part('text/html'),
    raw,
  };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Map<string, string>, body: string): { type: string; text: string }[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const inner = splitHeaders(chunk.replace(/^\r\n/, ''));
        return leafParts(inner.headers, inner.body);
      });
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return [{ type, text: bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd() }];
}

function quotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}
