import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { Video } from '@contract';

/**
 * What compressing JSON answers costs and saves: a feed page (`getallvideos`, 12 to 60 videos
 * shaped exactly like the real answer, with varied titles and descriptions) compressed with
 * gzip and brotli at the levels a server would use on the fly. `npm run bench:json`.
 */
const WORDS =
  'video music travel cooking guide review live stream tutorial highlights game match city night morning coffee garden build code design synth drums piano river mountain street food short film timelapse drone camera'.split(
    ' ',
  );
const pick = () => WORDS[randomBytes(1)[0]! % WORDS.length]!;
const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');

function video(): Video {
  const id = randomBytes(12).toString('hex');
  const owner = randomBytes(12).toString('hex');
  return {
    _id: id,
    title: sentence(6),
    description: sentence(30),
    thumbnail: `/media/videos/${id}/${randomBytes(8).toString('hex')}/thumbnail-${randomBytes(4).toString('hex')}.webp`,
    videoFile: `/media/videos/${id}/${randomBytes(8).toString('hex')}/video.mp4`,
    duration: 30 + (randomBytes(2).readUInt16BE() % 3000),
    views: randomBytes(3).readUIntBE(0, 3),
    createdAt: new Date(Date.now() - randomBytes(4).readUInt32BE()).toISOString(),
    hashtag: `#${pick()}`,
    isPublished: true,
    visibility: 'public',
    owner: {
      _id: owner,
      username: `${pick()}${randomBytes(2).toString('hex')}`,
      avatar: `/media/images/${randomBytes(12).toString('hex')}.webp`,
    },
    status: 'ready',
    playable: true,
    processingProgress: 100,
    processingError: null,
    hlsUrl: `/media/videos/${id}/${randomBytes(8).toString('hex')}/hls/master.m3u8`,
    storyboardUrl: `/media/videos/${id}/${randomBytes(8).toString('hex')}/storyboard.vtt`,
    blockedReason: null,
    commentsMode: 'open',
  };
}

/** A feed answer of `n` videos, shaped exactly like `GET /videos/getallvideos`. */
export function feedAnswer(n: number) {
  return {
    statusCode: 200,
    success: true,
    message: 'Videos fetched.',
    data: Array.from({ length: n }, video),
    totalVideos: 100_000,
    totalPages: Math.ceil(100_000 / n),
    currentPage: 1,
  };
}

function measure(name: string, data: Buffer, compress: (b: Buffer) => Buffer) {
  for (let i = 0; i < 50; i += 1) compress(data);
  const runs = 400;
  let size = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) size = compress(data).length;
  const microseconds = Number(process.hrtime.bigint() - started) / 1000 / runs;
  return { name, bytes: size, microseconds };
}

const codecs: [string, (b: Buffer) => Buffer][] = [
  ['gzip 1', (b) => zlib.gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => zlib.gzipSync(b, { level: 6 })],
  [
    'brotli 1',
    (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
  ],
  [
    'brotli 4',
    (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  ],
  [
    'brotli 6',
    (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
  ],
];

function main() {
  console.log('| answer | bytes | codec | compressed bytes | ratio | µs per answer |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: |');
  for (const n of [12, 60]) {
    const value = feedAnswer(n);
    const data = Buffer.from(JSON.stringify(value));
    // The yardstick: turning the same answer into JSON, which every request pays anyway.
    const json = measure('JSON.stringify (no compression)', data, () =>
      Buffer.from(JSON.stringify(value)),
    );
    console.log(
      `| feed page, ${n} videos | ${data.length} | ${json.name} | ${json.bytes} | 1.00 | ${json.microseconds.toFixed(0)} |`,
    );
    for (const [name, fn] of codecs) {
      const r = measure(name, data, fn);
      console.log(
        `| feed page, ${n} videos | ${data.length} | ${r.name} | ${r.bytes} | ${(r.bytes / data.length).toFixed(2)} | ${r.microseconds.toFixed(0)} |`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
