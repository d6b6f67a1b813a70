import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { expect, type BrowserContext, type Page } from '@playwright/test';

export async function avatarFile() {
  const buffer = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 144, b: 255 } },
  })
    .png()
    .toBuffer();
  return { name: 'avatar.png', mimeType: 'image/png', buffer };
}

export function newAccount(prefix = 'viewer') {
  const name = `${prefix}${randomBytes(3).toString('hex')}`;
  return {
    username: name,
    email: `${name}@example.com`,
    fullName: `Viewer ${name}`,
    password: 'a long enough password',
  };
}

export type Account = ReturnType<typeof newAccount>;

export async function signUp(page: Page, account: Account): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('FullName').fill(account.fullName);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Avatar').setInputFiles(await avatarFile());
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  if (!page.url().endsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

const execFileAsync = promisify(execFile);

/** A real 3-second H.264 MP4 made with the ffmpeg shipped in an npm package. */
export async function makeMp4(dir: string, name = 'sunrise-clip.mp4'): Promise<string> {
  const target = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true });
  await execFileAsync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=320x180:rate=15',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    target,
  ]);
  return target;
}

export async function thumbnailFile() {
  const buffer = await sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 250, g: 170, b: 30 } },
  })
    .png()
    .toBuffer();
  return { name: 'thumbnail.png', mimeType: 'image/png', buffer };
}

/** Publishes a public video through the API with the page's session (the wizard has its own test). */
export async function publishVideo(page: Page, title: string, dir: string): Promise<string> {
  const mp4 = await makeMp4(dir, `${title.replace(/\W+/g, '-').toLowerCase()}.mp4`);
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title,
      description: `All about ${title}.`,
      hashtag: '#social',
      visibility: 'public',
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await fs.readFile(mp4) },
      thumbnail: await thumbnailFile(),
    },
  });
  if (res.status() !== 201) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  const id = (await res.json()).data._id as string;
  await waitUntilPlayable(page, id);
  return id;
}

/**
 * Uploads are processed by the server's worker after the upload answers; visitors see a video
 * once it plays. Waits (as its owner, with the page's session) until it does.
 */
export async function waitUntilPlayable(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v1/videos/vid-id/${id}`);
        return res.ok() ? ((await res.json()).data.playable as boolean) : false;
      },
      { timeout: 30_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
}

/**
 * A real H.264/AAC MP4 of the given length and size: a moving test pattern with a tone, so
 * the browser's autoplay policy treats it as a video with sound.
 */
export async function makeClip(
  dir: string,
  name: string,
  {
    seconds,
    width = 320,
    height = 180,
    hevc = false,
  }: {
    seconds: number;
    width?: number;
    height?: number;
    /** HEVC instead: a file Chromium cannot play as it is, so processing encodes it. */
    hevc?: boolean;
  },
): Promise<string> {
  const target = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true });
  await execFileAsync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${width}x${height}:rate=15`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-pix_fmt',
    'yuv420p',
    ...(hevc
      ? [
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-tag:v',
          'hvc1',
          '-x265-params',
          'log-level=error',
        ]
      : ['-c:v', 'libx264', '-preset', 'veryfast']),
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    target,
  ]);
  return target;
}

/** Publishes a public video file through the API with the page's session; returns its id. */
export async function publishFile(page: Page, title: string, file: string): Promise<string> {
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title,
      description: `All about ${title}.`,
      hashtag: '#player',
      visibility: 'public',
      videoFile: {
        name: path.basename(file),
        mimeType: 'video/mp4',
        buffer: await fs.readFile(file),
      },
      thumbnail: await thumbnailFile(),
    },
  });
  if (res.status() !== 201) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).data._id;
}

/** Waits until the server has finished processing a video (when it reports a status at all). */
export async function waitUntilProcessed(page: Page, id: string): Promise<Record<string, unknown>> {
  let video: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v1/videos/vid-id/${id}`);
        video = (await res.json()).data;
        return video.status ?? 'ready';
      },
      { timeout: 120_000, intervals: [500, 1000] },
    )
    .toBe('ready');
  return video;
}

/**
 * Runs the operator's command line (`npm run cli -- …`, from source) on the browser suite's
 * server's data directory, as an operator would while it runs.
 */
export async function runCli(args: string[]): Promise<string> {
  const root = path.resolve(import.meta.dirname, '..');
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/main.ts', ...args],
    { cwd: root, env: { ...process.env, DATA_DIR: path.join(root, '.tmp/e2e-data') } },
  );
  return stdout;
}

/** An admin made the way the README says: `npm run cli -- users:create --role admin`. */
export async function createAdmin(prefix = 'admin'): Promise<Account> {
  const account = newAccount(prefix);
  await runCli([
    'users:create',
    '--username',
    account.username,
    '--email',
    account.email,
    '--password',
    account.password,
    '--role',
    'admin',
  ]);
  return account;
}

/** The two screens every browsing test runs at: a laptop, and a phone with a touch screen. */
export const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

/**
 * Turns the player's Autoplay off for every page of a context: for tests that stay on a watch
 * page past the end of its short video, which would otherwise go on to the next one.
 */
export async function autoplayOff(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('vidshare.player.autoplay', '0'));
}

/** Signs up a fresh account and signs it in; the page is on the home feed afterwards. */
export async function signedInAs(page: Page, prefix: string): Promise<Account> {
  const account = newAccount(prefix);
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

/** The length a video's card and player show: whole seconds rounded down, never 0:00 with content. */
export function expectedLength(seconds: number): string {
  const whole = seconds > 0 ? Math.max(1, Math.floor(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
