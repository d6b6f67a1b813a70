import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { UPLOAD_CHUNK, nextChunkBytes } from '../contract/src/upload-chunks.js';
import { ladderArgs } from '../server/src/media/ffmpeg-args.js';
import { loadConfig } from '../server/src/config.js';
import { createFfprobe } from '../server/src/media/ffprobe.js';
import { planProcessing } from '../server/src/processing/plan.js';
import { freePort, settle, startProcess } from './load.js';
import { cpuMs, treeMemory } from './proc.js';

/** The ffmpeg and ffprobe the server runs in this environment (FFMPEG_PATH, FFPROBE_PATH). */
const mediaTools = () => loadConfig().mediaTools;

const run = promisify(execFile);

/**
 * `npm run bench:uploads`: real-world uploads, each figure beside its reference in the same
 * run, written to the "Uploads" section of docs/performance.md:
 * - tus upload throughput of one large file against a bare node:http PUT writing the same
 *   bytes to the same disk (budget ≥ 0.7);
 * - the server's memory (PSS of its process tree) while 4 such uploads run (growth < 100 MB);
 * - a 30 s 720p clip from upload to ready against one bare ffmpeg `split` pass making the same
 *   240–720p renditions with the same preset (≤ 1.2);
 * - how soon a short upload plays for visitors while a 60 s 1080p ladder encodes.
 * BENCH_UPLOAD_MIB (default 1024) is the large file's size; BENCH_UPLOAD_ROUNDS (default 3) how
 * many times the throughput pair runs (the machine may be shared: each round measures both
 * sides one after the other, and the report gives every round's ratio and the median);
 * BENCH_UPLOADS_ONLY=throughput,memory,ladder,playable runs only those parts (and writes no
 * report); BENCH_SKIP_BUILD=1 reuses the build; BENCH_SERVER_FLAGS are Node flags for the server.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const MIB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
const BASE = path.join(ROOT, '.tmp', 'bench-uploads');
const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));
const ONLY = (process.env.BENCH_UPLOADS_ONLY ?? '').split(',').filter(Boolean);
const runs = (part: string) => ONLY.length === 0 || ONLY.includes(part);
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
export const UPLOAD_BUDGET = { throughputRatio: 0.7, pssGrowthMb: 100, ladderRatio: 1.2 };

const log = (line: string) => console.log(line);

async function clip(ffmpeg: string, name: string, args: string[]): Promise<string> {
  const file = path.join(BASE, name);
  if (!fs.existsSync(file)) {
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, `${file}.partial.mp4`]);
    fs.renameSync(`${file}.partial.mp4`, file);
  }
  return file;
}

const source = (seconds: number, size: string, rate: number) => [
  ...['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${size}:rate=${rate}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '4M'],
  ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart'],
];

/** A real MP4 padded to `bytes` with a `free` box: a large file that is still a video. */
async function largeFile(seed: string): Promise<string> {
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

async function signUp(url: string): Promise<string> {
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

/** A small PNG made by the shipped ffmpeg (the bench needs no image library). */
async function sharpless(): Promise<Buffer> {
  const png = path.join(BASE, 'picture.png');
  if (!fs.existsSync(png)) {
    await run(mediaTools().ffmpeg.path, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=320x180:rate=1', '-frames:v', '1', png],
    ]);
  }
  return fs.readFileSync(png);
}

/**
 * One tus upload of `file` with the web app's chunk sizes (8 MiB first, then growing on a fast
 * link: UPLOAD_CHUNK); answers its URL and how many PATCHes it took.
 */
function tusUpload(
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
async function terminate(uploadUrl: string, cookie: string): Promise<void> {
  const res = await fetch(uploadUrl, {
    method: 'DELETE',
    headers: { cookie, 'tus-resumable': '1.0.0' },
  });
  if (res.status !== 204) throw new Error(`terminate: ${res.status} ${await res.text()}`);
}

/** A bare node:http server writing each PUT body to a file in `dir`, in its own process. */
async function barePut(dir: string): Promise<{ port: number; pid: number; stop(): void }> {
  const port = await freePort();
  const code = `
    const http = require('node:http'); const fs = require('node:fs'); let n = 0;
    http.createServer((req, res) => {
      const out = fs.createWriteStream(${JSON.stringify(dir)} + '/put-' + (n++));
      req.pipe(out).on('finish', () => res.end('ok'));
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { port, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

function put(port: number, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/',
        headers: { 'content-length': fs.statSync(file).size },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    fs.createReadStream(file).pipe(req);
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [(performance.now() - started) / 1000, value];
}

async function publish(url: string, cookie: string, file: string, title: string) {
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

async function until(what: string, probe: () => Promise<boolean>, maxMs = 900_000) {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > maxMs) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const videoOf = async (url: string, id: string, cookie?: string) =>
  fetch(`${url}/api/v1/videos/vid-id/${id}`, { headers: cookie ? { cookie } : {} });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface ThroughputRound {
  tusSeconds: number;
  bareSeconds: number;
  /** CPU of the server's process tree, and of the bare server, per GiB received. */
  tusCpuMsPerGib: number;
  bareCpuMsPerGib: number;
  patches: number;
}

/**
 * tus against a bare PUT writing the same bytes to the same disk, `ROUNDS` times, each round
 * measuring one right after the other so both see the same machine.
 */
async function throughput(
  server: { url: string; pid: number },
  cookie: string,
  large: string,
  dataDir: string,
): Promise<ThroughputRound[]> {
  const gib = SIZE / (1024 * MIB);
  const rounds: ThroughputRound[] = [];
  const bareDir = path.join(dataDir, 'bare');
  for (let round = 1; round <= ROUNDS; round += 1) {
    fs.mkdirSync(bareDir, { recursive: true });
    const bare = await barePut(bareDir);
    const bareCpu = cpuMs(bare.pid);
    const [bareSeconds] = await timed(() => put(bare.port, large));
    const bareCpuMs = cpuMs(bare.pid) - bareCpu;
    bare.stop();
    fs.rmSync(bareDir, { recursive: true, force: true });
    const tusCpu = cpuMs(server.pid);
    const [tusSeconds, sent] = await timed(() => tusUpload(server.url, cookie, large));
    const tusCpuMs = cpuMs(server.pid) - tusCpu;
    await terminate(sent.url, cookie);
    const r: ThroughputRound = {
      tusSeconds,
      bareSeconds,
      tusCpuMsPerGib: tusCpuMs / gib,
      bareCpuMsPerGib: bareCpuMs / gib,
      patches: sent.patches,
    };
    rounds.push(r);
    log(
      `round ${round}: tus ${(SIZE / MIB / tusSeconds).toFixed(0)} MB/s (${r.patches} PATCHes, ${r.tusCpuMsPerGib.toFixed(0)} ms CPU/GiB), bare PUT ${(SIZE / MIB / bareSeconds).toFixed(0)} MB/s (${r.bareCpuMsPerGib.toFixed(0)} ms CPU/GiB): ${(bareSeconds / tusSeconds).toFixed(2)}`,
    );
  }
  return rounds;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  fs.mkdirSync(BASE, { recursive: true });
  const dataDir = path.join(BASE, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const ffmpeg = mediaTools().ffmpeg.path;
  const seed = await clip(ffmpeg, 'seed.mp4', source(2, '320x180', 15));
  const large = runs('throughput') || runs('memory') ? await largeFile(seed) : '';
  const clip720 = runs('ladder')
    ? await clip(ffmpeg, 'clip-30s-720p.mp4', source(30, '1280x720', 30))
    : '';
  const long1080 = runs('playable')
    ? await clip(ffmpeg, 'clip-60s-1080p.mp4', source(60, '1920x1080', 30))
    : '';
  const short = runs('playable')
    ? await clip(ffmpeg, 'clip-6s-360p.mp4', source(6, '640x360', 30))
    : '';

  const port = await freePort();
  const server = await startProcess(
    process.execPath,
    [...SERVER_FLAGS, path.join(ROOT, 'server', 'dist', 'main.js')],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REGISTER_RATE_LIMIT: '100000',
      UPLOAD_MAX_BYTES: String(SIZE + 64 * MIB),
      WEB_DIST_DIR: path.join(ROOT, 'web', 'dist'),
    },
    port,
    '/api/v1/health/ready',
  );
  const lines: string[] = [];
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const meets = (ok: boolean) => (ok ? 'yes' : '**no**');
  const rows: string[] = [];
  const notes: string[] = [];
  try {
    await settle(server.url);
    const cookie = await signUp(server.url);

    // 1. Throughput: tus against a bare PUT, the same bytes to the same disk.
    if (runs('throughput')) {
      const rounds = await throughput(server, cookie, large, dataDir);
      const ratios = rounds.map((r) => r.bareSeconds / r.tusSeconds);
      const mid = rounds[ratios.indexOf(median(ratios))]!;
      const mbps = (s: number) => SIZE / MIB / s;
      rows.push(
        `| tus upload throughput (chunks of 8–64 MiB, as the web app sends) against a bare node:http PUT to the same disk; median of ${rounds.length} rounds | ${mbps(mid.tusSeconds).toFixed(0)} MB/s | ${mbps(mid.bareSeconds).toFixed(0)} MB/s | ${median(ratios).toFixed(2)} | ≥ ${UPLOAD_BUDGET.throughputRatio} | ${meets(median(ratios) >= UPLOAD_BUDGET.throughputRatio)} |`,
      );
      notes.push(
        `Throughput rounds (tus against bare PUT; ratio; server CPU per GiB against the bare server's): ${rounds
          .map(
            (r) =>
              `${mbps(r.tusSeconds).toFixed(0)}/${mbps(r.bareSeconds).toFixed(0)} MB/s, ${ratio(r.bareSeconds, r.tusSeconds)}, ${(r.tusCpuMsPerGib / 1000).toFixed(1)}/${(r.bareCpuMsPerGib / 1000).toFixed(1)} s (${r.patches} PATCHes)`,
          )
          .join('; ')}.`,
      );
    }

    // 2. Memory while 4 uploads of that size run at once.
    if (runs('memory')) {
      const baseline = treeMemory(server.pid).pssMb;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeMemory(server.pid).pssMb);
      }, 200);
      const [fourSeconds, four] = await timed(() =>
        Promise.all([0, 1, 2, 3].map(() => tusUpload(server.url, cookie, large))),
      );
      clearInterval(sampler);
      for (const sent of four) await terminate(sent.url, cookie);
      log(
        `4 uploads: PSS ${baseline.toFixed(0)} → ${peak.toFixed(0)} MB in ${fourSeconds.toFixed(1)} s`,
      );
      rows.push(
        `| Server PSS growth while 4 uploads run at once | +${(peak - baseline).toFixed(0)} MB | ${baseline.toFixed(0)} MB before | | < ${UPLOAD_BUDGET.pssGrowthMb} MB | ${meets(peak - baseline < UPLOAD_BUDGET.pssGrowthMb)} |`,
      );
    }

    // 3. The ladder of a 30 s 720p clip against one bare split pass of the same renditions.
    if (runs('ladder')) {
      const probe = await createFfprobe(mediaTools().ffprobe.path)(clip720);
      const plan = planProcessing(probe!);
      const work = path.join(BASE, 'bare-ladder');
      fs.rmSync(work, { recursive: true, force: true });
      for (const r of plan.renditions) {
        fs.mkdirSync(path.join(work, `${r.height}p`), { recursive: true });
      }
      const args = ladderArgs(clip720, plan.renditions, (h) => path.join(work, `${h}p`), true);
      const [splitSeconds] = await timed(() => run(ffmpeg, args));
      fs.rmSync(work, { recursive: true, force: true });
      const sent = await publish(server.url, cookie, clip720, 'Bench 720p');
      await until('the 720p clip to be ready', async () => {
        const v = (
          (await (await videoOf(server.url, sent.id, cookie)).json()) as {
            data: { status: string };
          }
        ).data;
        if (v.status === 'failed') throw new Error('the 720p clip failed');
        return v.status === 'ready';
      });
      const readySeconds = (performance.now() - sent.at) / 1000;
      log(
        `720p ladder: app ${readySeconds.toFixed(1)} s, one split pass ${splitSeconds.toFixed(1)} s`,
      );
      rows.push(
        `| 30 s 720p clip, upload to ready, against one bare \`split\` pass of ${plan.renditions.map((r) => `${r.height}p`).join(', ')} | ${readySeconds.toFixed(1)} s | ${splitSeconds.toFixed(1)} s | ${ratio(readySeconds, splitSeconds)} | ≤ ${UPLOAD_BUDGET.ladderRatio} | ${meets(readySeconds / splitSeconds <= UPLOAD_BUDGET.ladderRatio)} |`,
      );
    }

    // 4. A short upload's time to playable while a 60 s 1080p ladder encodes.
    if (runs('playable')) {
      const long = await publish(server.url, cookie, long1080, 'Bench long 1080p');
      await until('the long upload to play (its ladder is then encoding)', async () => {
        const v = (
          (await (await videoOf(server.url, long.id, cookie)).json()) as {
            data: { playable: boolean };
          }
        ).data;
        return v.playable;
      });
      const quick = await publish(server.url, cookie, short, 'Bench short');
      await until(
        'the short upload to play for visitors',
        async () => (await videoOf(server.url, quick.id)).status === 200,
      );
      const playableMs = performance.now() - quick.at;
      const longStill =
        (
          (await (await videoOf(server.url, long.id, cookie)).json()) as {
            data: { status: string };
          }
        ).data.status === 'processing';
      log(
        `short upload playable after ${playableMs.toFixed(0)} ms (long encode running: ${longStill})`,
      );
      rows.push(
        `| A 6 s upload playable for visitors while a 60 s 1080p ladder encodes | ${(playableMs / 1000).toFixed(1)} s | | | ≤ 5 s | ${meets(playableMs <= 5000 && longStill)} |`,
      );
    }

    lines.push(
      '## Uploads',
      '',
      `\`npm run bench:uploads\` on ${new Date().toISOString().slice(0, 10)}: the built server (\`npm start\`, local disk, SQLite), a ${SIZE / MIB} MiB file (BENCH_UPLOAD_MIB), each figure beside its reference in the same run.`,
      '',
      '| Measure | App | Reference | Ratio | Budget | Met |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      ...notes.flatMap((n) => [n, '']),
    );
  } finally {
    await server.stop();
  }
  if (ONLY.length > 0) {
    log('\n(BENCH_UPLOADS_ONLY: the report is not written)');
    return;
  }
  const out = path.join(ROOT, 'docs', 'performance.md');
  const doc = fs.readFileSync(out, 'utf8');
  const section = lines.join('\n');
  const start = doc.indexOf('\n## Uploads\n');
  const next = start >= 0 ? doc.indexOf('\n## ', start + 1) : -1;
  const findings = doc.indexOf('\n## Findings');
  const updated =
    start >= 0
      ? doc.slice(0, start + 1) + section + (next >= 0 ? doc.slice(next) : '')
      : findings >= 0
        ? `${doc.slice(0, findings + 1)}${section}\n${doc.slice(findings + 1)}`
        : `${doc}\n${section}`;
  fs.writeFileSync(out, updated);
  spawnSync('npx', ['prettier', '--write', out], { cwd: ROOT, stdio: 'ignore' });
  log(`\nwrote ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
