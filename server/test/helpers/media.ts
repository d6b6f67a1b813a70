import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipart, pngImage, type FilePart } from './fixtures.js';

const run = promisify(execFile);
const cacheDir = path.join(os.tmpdir(), 'vidshare-test-media');
const pending = new Map<string, Promise<Buffer>>();

/**
 * A real, tiny H.264 MP4 made by the ffmpeg shipped in a dev dependency; generated once per
 * machine and reused, so no binary fixture lives in the repository.
 */
export function tinyMp4(seconds = 2): Promise<Buffer> {
  const name = `testsrc-${seconds}s.mp4`;
  let p = pending.get(name);
  if (!p) {
    p = (async () => {
      const target = path.join(cacheDir, name);
      const cached = await fs.readFile(target).catch(() => undefined);
      if (cached) return cached;
      await fs.mkdir(cacheDir, { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial.mp4`;
      await run(ffmpeg.path, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc=duration=${seconds}:size=160x120:rate=10`,
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        '-movflags',
        '+faststart',
        partial,
      ]);
      // Rename is atomic: parallel test files never read half a file.
      await fs.rename(partial, target);
      return fs.readFile(target);
    })();
    pending.set(name, p);
  }
  return p;
}

export async function mp4Part(seconds = 2): Promise<FilePart> {
  return { filename: 'clip.mp4', contentType: 'video/mp4', data: await tinyMp4(seconds) };
}

export async function thumbnailPart(): Promise<FilePart> {
  return { ...(await pngImage(96, 54)), filename: 'thumb.png' };
}

export async function uploadFields(
  overrides: Record<string, string | FilePart | undefined> = {},
): Promise<Record<string, string | FilePart | undefined>> {
  return {
    title: 'A tiny test clip',
    description: 'Colour bars for two seconds.',
    hashtag: '#testing #bars',
    isPublished: 'true',
    duration: '999',
    videoFile: await mp4Part(),
    thumbnail: await thumbnailPart(),
    ...overrides,
  };
}

export function publish(
  server: FastifyInstance,
  cookie: string | undefined,
  fields: Record<string, string | FilePart | undefined>,
): Promise<LightMyRequestResponse> {
  const body = multipart(fields);
  return server.inject({
    method: 'POST',
    url: '/api/v1/videos/publishavideo',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Uploads a real video and answers its Video shape. */
export async function publishVideo(
  server: FastifyInstance,
  cookie: string,
  overrides: Record<string, string | FilePart | undefined> = {},
) {
  const res = await publish(server, cookie, await uploadFields(overrides));
  if (res.statusCode !== 201) throw new Error(`publish failed: ${res.body}`);
  return res.json().data as {
    _id: string;
    videoFile: string;
    thumbnail: string;
    duration: number;
    visibility: string;
  };
}
