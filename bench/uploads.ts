import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, settle, startProcess } from './load.js';
import { signUp } from './upload-client.js';
import { clip, largeFile, source } from './upload-files.js';
import { ladder, playable } from './upload-processing.js';
import { BASE, MIB, ROOT, SIZE, log, mediaTools } from './upload-settings.js';
import { memory, throughput } from './upload-transfer.js';

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
const ONLY = (process.env.BENCH_UPLOADS_ONLY ?? '').split(',').filter(Boolean);
const runs = (part: string) => ONLY.length === 0 || ONLY.includes(part);
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);

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
  const rows: string[] = [];
  const notes: string[] = [];
  try {
    await settle(server.url);
    const cookie = await signUp(server.url);

    if (runs('throughput')) {
      const { row, note } = await throughput(server, cookie, large, dataDir);
      rows.push(row);
      notes.push(note);
    }
    if (runs('memory')) rows.push(await memory(server, cookie, large));
    if (runs('ladder')) rows.push(await ladder(server, cookie, ffmpeg, clip720));
    if (runs('playable')) rows.push(await playable(server, cookie, long1080, short));

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

// Run as `npm run bench:uploads`; imported, it only defines.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
