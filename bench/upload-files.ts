import fs from 'node:fs';
import path from 'node:path';
import { BASE, MIB, SIZE, mediaTools, run } from './upload-settings.js';

/**
 * The files the uploads bench sends, made once by the shipped ffmpeg and kept under
 * .tmp/bench-uploads: test clips, a large MP4, a small PNG.
 */

/** The clip `name` made by ffmpeg with `args` (see `source`), unless an earlier run made it. */
export async function clip(ffmpeg: string, name: string, args: string[]): Promise<string> {
  const file = path.join(BASE, name);
  if (!fs.existsSync(file)) {
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, `${file}.partial.mp4`]);
    fs.renameSync(`${file}.partial.mp4`, file);
  }
  return file;
}

export const source = (seconds: number, size: string, rate: number) => [
  ...['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${size}:rate=${rate}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '4M'],
  ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart'],
];

/** A real MP4 padded to `bytes` with a `free` box: a large file that is still a video. */
export async function largeFile(seed: string): Promise<string> {
  const file = path.join(BASE, `large-${SIZE / MIB}mib.mp4`);
  if (fs.existsSync(file) && fs.statSync(file).size === SIZE) return file;
  const head = fs.readFileSync(seed);
  const out = fs.openSync(file, 'w');
  const box = Buffer.alloc(8);
  box.writeUInt32BE(SIZE - head.length, 0);
  box.write('free', 4, 'latin1');
  fs.writeSync(out, head);
  fs.writeSync(out, box);
  const block = Buffer.alloc(MIB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  let left = SIZE - head.length - 8;
  while (left > 0) left -= fs.writeSync(out, block, 0, Math.min(left, block.length));
  fs.closeSync(out);
  return file;
}

/** A small PNG made by the shipped ffmpeg (the bench needs no image library). */
export async function sharpless(): Promise<Buffer> {
  const png = path.join(BASE, 'picture.png');
  if (!fs.existsSync(png)) {
    await run(mediaTools().ffmpeg.path, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=320x180:rate=1', '-frames:v', '1', png],
    ]);
  }
  return fs.readFileSync(png);
}
