import fs from 'node:fs';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { UPLOAD_CHUNK, nextChunkBytes } from '../contract/src/upload-chunks.js';
import { sharpless } from './upload-files.js';

/**
 * What the uploads bench does as a client of the running server: sign up, upload by tus (as
 * the web app does) or by the one-request form, wait for a video's state, and time it.
 */

/** A new account, signed in: its session cookie. */
export async function signUp(url: string): Promise<string> {
  const user = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'correct horse battery staple';
  const png = await sharpless();
  const form = new FormData();
  form.set('username', user);
  form.set('email', `${user}@example.com`);
  form.set('fullName', 'Bench Uploads');
  form.set('password', password);
  form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
  const reg = await fetch(`${url}/api/v1/users/register`, { method: 'POST', body: form });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  const sid = /sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!sid) throw new Error(`login: ${login.status}`);
  return sid;
}

/**
 * One tus upload of `file` with the web app's chunk sizes (8 MiB first, then growing on a fast
 * link: UPLOAD_CHUNK); answers its URL and how many PATCHes it took.
 */
export function tusUpload(
  url: string,
  cookie: string,
  file: string,
): Promise<{ url: string; patches: number }> {
  return new Promise((resolve, reject) => {
    let started = 0;
    let patches = 0;
    const upload = new tus.Upload(fs.createReadStream(file), {
      endpoint: `${url}/api/v1/uploads`,
      uploadSize: fs.statSync(file).size,
      chunkSize: UPLOAD_CHUNK.minBytes,
      retryDelays: null,
      metadata: { filename: path.basename(file), filetype: 'video/mp4' },
      headers: { cookie },
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') started = performance.now();
      },
      onChunkComplete: (bytes) => {
        patches += 1;
        const seconds = (performance.now() - started) / 1000;
        upload.options.chunkSize = nextChunkBytes(upload.options.chunkSize ?? 0, bytes, seconds);
      },
      onSuccess: () => resolve({ url: upload.url!, patches }),
      onError: reject,
    });
    upload.start();
  });
}

/** tus termination: a measured upload's bytes go, so rounds do not fill the disk. */
export async function terminate(uploadUrl: string, cookie: string): Promise<void> {
  const res = await fetch(uploadUrl, {
    method: 'DELETE',
    headers: { cookie, 'tus-resumable': '1.0.0' },
  });
  if (res.status !== 204) throw new Error(`terminate: ${res.status} ${await res.text()}`);
}

export async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [(performance.now() - started) / 1000, value];
}

export async function publish(url: string, cookie: string, file: string, title: string) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'A bench clip.');
  form.set('hashtag', '#bench');
  form.set('visibility', 'public');
  form.set(
    'videoFile',
    new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'video/mp4' }),
    'clip.mp4',
  );
  form.set(
    'thumbnail',
    new Blob([new Uint8Array(await sharpless())], { type: 'image/png' }),
    'thumb.png',
  );
  const res = await fetch(`${url}/api/v1/videos/publishavideo`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { data: { _id: string } }).data._id, at: performance.now() };
}

export async function until(what: string, probe: () => Promise<boolean>, maxMs = 900_000) {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > maxMs) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const videoOf = async (url: string, id: string, cookie?: string) =>
  fetch(`${url}/api/v1/videos/vid-id/${id}`, { headers: cookie ? { cookie } : {} });

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
