import type { Readable } from 'node:stream';
import { multipart, pngImage, uniqueUser, type FilePart } from './fixtures.js';
import { json, request } from './processes.js';

/** For tests that drive a server started as a process: accounts, uploads and its log lines. */

/** Registers a new user on the server at `port` and signs in: its session cookie. */
export async function signInOn(port: number, prefix: string): Promise<string> {
  const fields = uniqueUser(prefix);
  const form = multipart({ ...fields, avatar: await pngImage() });
  const registered = await request(port, {
    method: 'POST',
    path: '/api/v1/users/register',
    headers: form.headers,
    body: form.payload,
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.body}`);
  const login = await request(port, {
    method: 'POST',
    path: '/api/v1/users/login',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
  });
  return String(login.headers['set-cookie']?.[0]).split(';')[0]!;
}

/** Publishes a video as `cookie` on the server at `port`: its id. Throws unless 201. */
export async function publishOn(
  port: number,
  cookie: string,
  fields: Record<string, string | FilePart | undefined>,
): Promise<string> {
  const form = multipart(fields);
  const res = await request(port, {
    method: 'POST',
    path: '/api/v1/videos/publishavideo',
    headers: { ...form.headers, cookie },
    body: form.payload,
  });
  if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${res.body}`);
  return json(res).data._id as string;
}

/**
 * Gathers a process's JSON log lines into `lines` as they come; a line that is not JSON (a
 * stack trace) is passed on to this process's stderr, so it is not lost.
 */
export function collectJsonLines(stream: Readable, lines: Record<string, unknown>[]): void {
  let pending = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        process.stderr.write(`${line}\n`);
      }
    }
  });
}
