import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Video } from '@contract';
import type { TestApp } from './test-app.js';
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

export interface ClipSpec {
  seconds: number;
  width: number;
  height: number;
  /** Video encoder: libx264 (default), libx265 (HEVC), prores_ks, libtheora, mpeg4. */
  codec?: 'libx264' | 'libx265' | 'prores_ks' | 'libtheora' | 'mpeg4';
  /** Adds a sine tone as AAC (or Vorbis in Ogg). */
  audio?: boolean;
  container?: 'mp4' | 'mov' | 'mkv' | 'ogv';
  /** Frames per second (10 unless set). */
  rate?: number;
  /** A black picture instead of the test pattern (what a hostile upload sends). */
  black?: boolean;
}

/** A real clip made by the shipped ffmpeg, once per machine (like tinyMp4). */
export function testClip(spec: ClipSpec): Promise<Buffer> {
  const codec = spec.codec ?? 'libx264';
  const container = spec.container ?? (codec === 'prores_ks' ? 'mov' : 'mp4');
  const rate = spec.rate ?? 10;
  const name = `clip-${spec.seconds}s-${spec.width}x${spec.height}-${codec}-${spec.audio ? 'a' : 'n'}${rate === 10 ? '' : `-${rate}fps`}${spec.black ? '-black' : ''}.${container}`;
  let p = pending.get(name);
  if (!p) {
    p = (async () => {
      const target = path.join(cacheDir, name);
      const cached = await fs.readFile(target).catch(() => undefined);
      if (cached) return cached;
      await fs.mkdir(cacheDir, { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial.${container}`;
      const codecArgs: Record<string, string[]> = {
        libx264: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        libx265: [
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-tag:v',
          'hvc1',
          '-x265-params',
          'log-level=error',
        ],
        prores_ks: ['-c:v', 'prores_ks', '-profile:v', '0'],
        libtheora: ['-c:v', 'libtheora'],
        mpeg4: ['-c:v', 'mpeg4'],
      };
      const audioInput = spec.audio
        ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${spec.seconds}`]
        : [];
      const audioCodec = spec.audio
        ? container === 'ogv'
          ? ['-c:a', 'libvorbis']
          : ['-c:a', 'aac', '-b:a', '64k']
        : ['-an'];
      await run(ffmpeg.path, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        spec.black
          ? `color=c=black:duration=${spec.seconds}:size=${spec.width}x${spec.height}:rate=${rate}`
          : `testsrc=duration=${spec.seconds}:size=${spec.width}x${spec.height}:rate=${rate}`,
        ...audioInput,
        ...codecArgs[codec]!,
        ...audioCodec,
        ...(container === 'mp4' || container === 'mov' ? ['-movflags', '+faststart'] : []),
        partial,
      ]);
      await fs.rename(partial, target);
      return fs.readFile(target);
    })();
    pending.set(name, p);
  }
  return p;
}

export async function clipPart(spec: ClipSpec): Promise<FilePart> {
  const container = spec.container ?? (spec.codec === 'prores_ks' ? 'mov' : 'mp4');
  const types: Record<string, string> = {
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    mkv: 'video/x-matroska',
    ogv: 'video/ogg',
  };
  return {
    filename: `clip.${container}`,
    contentType: types[container]!,
    data: await testClip(spec),
  };
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

/** Uploads a real video, processes it to the end, and answers its Video shape as its owner sees it. */
export async function publishVideo(
  t: TestApp,
  cookie: string,
  overrides: Record<string, string | FilePart | undefined> = {},
): Promise<Video> {
  const res = await publish(t.server, cookie, await uploadFields(overrides));
  if (res.statusCode !== 201) throw new Error(`publish failed: ${res.body}`);
  await t.processAll();
  return videoAsOwner(t, cookie, (res.json().data as Video)._id);
}

export async function videoAsOwner(t: TestApp, cookie: string, id: string): Promise<Video> {
  const res = await t.server.inject({
    method: 'GET',
    url: `/api/v1/videos/vid-id/${id}`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`video ${id}: ${res.body}`);
  return res.json().data as Video;
}
