import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_BASE, API_PATHS } from '@contract';
import { DEMO_CHANNELS, DEMO_PASSWORD, type DemoChannel } from './demo-content.js';
import { channelImages, renderClip, type MediaFile } from './demo-media.js';

export interface SeedOptions {
  ffmpegPath: string;
  channels?: DemoChannel[];
  log?: (line: string) => void;
}

export interface SeedSummary {
  channels: { username: string; status: 'registered' | 'existing' }[];
  videos: { channel: string; title: string; status: 'uploaded' | 'skipped'; id: string }[];
}

/** A multipart/form-data body exactly as a browser form would send it. */
function multipart(fields: Record<string, string | MediaFile>) {
  const boundary = `----vidshare-demo-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(head), typeof value === 'string' ? Buffer.from(value) : value.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function fail(what: string, res: LightMyRequestResponse): never {
  let message = res.body;
  try {
    message = (res.json() as { message?: string }).message ?? res.body;
  } catch {
    // Not JSON: the raw body says enough.
  }
  throw new Error(`${what} failed (${res.statusCode}): ${message}`);
}

function emailFor(username: string): string {
  return `${username}@example.com`;
}

async function login(server: FastifyInstance, username: string) {
  return server.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS.login}`,
    payload: { username, password: DEMO_PASSWORD },
  });
}

/** Signs in as the channel, registering it first if this instance has never seen it. */
async function signIn(
  server: FastifyInstance,
  channel: DemoChannel,
): Promise<{ cookie: string; userId: string; registered: boolean }> {
  let res = await login(server, channel.username);
  let registered = false;
  if (res.statusCode === 401) {
    const images = await channelImages(channel);
    const reg = await server.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.register}`,
      ...multipart({
        username: channel.username,
        email: emailFor(channel.username),
        fullName: channel.fullName,
        password: DEMO_PASSWORD,
        avatar: images.avatar,
        coverImage: images.coverImage,
      }),
    });
    if (reg.statusCode !== 201) fail(`Registering ${channel.username}`, reg);
    registered = true;
    res = await login(server, channel.username);
  }
  if (res.statusCode !== 200) fail(`Signing in as ${channel.username}`, res);
  const sid = res.cookies.find((c) => c.name === 'sid');
  const userId = (res.json() as { data?: { user?: { _id?: string } } }).data?.user?._id;
  if (!sid || !userId) throw new Error(`Signing in as ${channel.username} gave no session`);
  return { cookie: `sid=${sid.value}`, userId, registered };
}

async function existingTitles(server: FastifyInstance, cookie: string, userId: string) {
  const res = await server.inject({
    method: 'GET',
    url: `${API_BASE}${API_PATHS.videos}?page=1&limit=100&query=${userId}`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) fail('Listing videos', res);
  const list = (res.json() as { data: { _id: string; title: string }[] }).data;
  return new Map(list.map((video) => [video.title, video._id]));
}

/**
 * Fills an instance with demo channels and videos through the public API, so everything the
 * real upload path checks (types, sizes, probing, thumbnails) applies to them too. Running it
 * again signs in and skips titles the channel already has.
 */
export async function seedDemo(
  server: FastifyInstance,
  options: SeedOptions,
): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const summary: SeedSummary = { channels: [], videos: [] };
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-demo-'));
  try {
    for (const channel of options.channels ?? DEMO_CHANNELS) {
      const session = await signIn(server, channel);
      summary.channels.push({
        username: channel.username,
        status: session.registered ? 'registered' : 'existing',
      });
      log(`${session.registered ? 'Registered' : 'Signed in as'} @${channel.username}`);
      const titles = await existingTitles(server, session.cookie, session.userId);

      for (const video of channel.videos) {
        const known = titles.get(video.title);
        if (known) {
          summary.videos.push({
            channel: channel.username,
            title: video.title,
            status: 'skipped',
            id: known,
          });
          log(`  skipped "${video.title}" (already there)`);
          continue;
        }
        const media = await renderClip(options.ffmpegPath, workDir, video);
        const res = await server.inject({
          method: 'POST',
          url: `${API_BASE}${API_PATHS.publishVideo}`,
          ...withCookie(
            multipart({
              title: video.title,
              description: video.description,
              hashtag: video.hashtag,
              visibility: 'public',
              isPublished: 'true',
              duration: String(video.seconds),
              thumbnail: media.thumbnail,
              videoFile: media.videoFile,
            }),
            session.cookie,
          ),
        });
        if (res.statusCode !== 201) fail(`Uploading "${video.title}"`, res);
        const id = (res.json() as { data: { _id: string } }).data._id;
        summary.videos.push({
          channel: channel.username,
          title: video.title,
          status: 'uploaded',
          id,
        });
        log(`  uploaded "${video.title}"`);
      }
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  return summary;
}

function withCookie(body: ReturnType<typeof multipart>, cookie: string) {
  return { payload: body.payload, headers: { ...body.headers, cookie } };
}
