import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { DemoChannel, DemoVideo } from './demo-content.js';

const run = promisify(execFile);

export interface MediaFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Shapes instead of initials: text would depend on whatever fonts the machine has. */
function avatarSvg([a, b]: [string, string], size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>
  </linearGradient></defs>
  <rect width="100" height="100" fill="url(#g)"/>
  <circle cx="50" cy="40" r="18" fill="#ffffff" fill-opacity="0.85"/>
  <path d="M18 92c4-20 18-30 32-30s28 10 32 30z" fill="#ffffff" fill-opacity="0.85"/>
</svg>`;
}

function coverSvg([a, b]: [string, string]): string {
  const dots = Array.from({ length: 14 }, (_, i) => {
    const x = 60 + i * 90;
    const y = 80 + ((i * 53) % 160);
    return `<circle cx="${x}" cy="${y}" r="${18 + ((i * 7) % 30)}" fill="#ffffff" fill-opacity="0.12"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="320">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>
  </linearGradient></defs>
  <rect width="1280" height="320" fill="url(#g)"/>${dots}
</svg>`;
}

export async function channelImages(
  channel: DemoChannel,
): Promise<{ avatar: MediaFile; coverImage: MediaFile }> {
  const [avatar, cover] = await Promise.all([
    sharp(Buffer.from(avatarSvg(channel.colors, 256)))
      .png()
      .toBuffer(),
    sharp(Buffer.from(coverSvg(channel.colors)))
      .jpeg({ quality: 85 })
      .toBuffer(),
  ]);
  return {
    avatar: { filename: `${channel.username}-avatar.png`, contentType: 'image/png', data: avatar },
    coverImage: {
      filename: `${channel.username}-cover.jpg`,
      contentType: 'image/jpeg',
      data: cover,
    },
  };
}

/**
 * Renders one clip as H.264/yuv420p MP4 (what every browser plays) and grabs a frame from it
 * as the thumbnail.
 */
export async function renderClip(
  ffmpegPath: string,
  workDir: string,
  video: DemoVideo,
): Promise<{ videoFile: MediaFile; thumbnail: MediaFile }> {
  const base = slug(video.title) || 'clip';
  const videoPath = path.join(workDir, `${base}.mp4`);
  const thumbPath = path.join(workDir, `${base}.jpg`);
  const seconds = String(video.seconds);

  const inputs = ['-f', 'lavfi', '-i', video.video];
  if (video.audio) inputs.push('-f', 'lavfi', '-i', video.audio);
  const audioArgs = video.audio ? ['-c:a', 'aac', '-b:a', '96k'] : ['-an'];
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-t',
    seconds,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    ...audioArgs,
    '-movflags',
    '+faststart',
    videoPath,
  ]);
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(Math.min(1, video.seconds / 2)),
    '-i',
    videoPath,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    thumbPath,
  ]);

  const [videoData, thumbData] = await Promise.all([
    fs.readFile(videoPath),
    fs.readFile(thumbPath),
  ]);
  return {
    videoFile: { filename: `${base}.mp4`, contentType: 'video/mp4', data: videoData },
    thumbnail: { filename: `${base}.jpg`, contentType: 'image/jpeg', data: thumbData },
  };
}
