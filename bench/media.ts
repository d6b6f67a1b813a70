import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../server/src/config.js';
import { createFfprobe } from '../server/src/media/ffprobe.js';
import { displaySize } from '../server/src/media/ladder.js';
import { planProcessing } from '../server/src/processing/plan.js';
import { scratchFiles, stepArgs } from '../server/src/processing/step-args.js';
import { freePort, load, settle, startProcess, type LoadResult } from './load.js';
import { nginxLoad } from './nginx.js';

/** The ffmpeg and ffprobe the server runs in this environment (FFMPEG_PATH, FFPROBE_PATH). */
const mediaTools = () => loadConfig().mediaTools;

const run = promisify(execFile);

/**
 * The media pass of `npm run bench` (alone: `npm run bench:media`). Three figures, each beside
 * its reference in the same run:
 * - processing a 10 s 720p H.264 upload, from the upload's answer to `ready`, against bare
 *   ffmpeg running the very same commands (processing/step-args.ts) from a shell;
 * - how soon that upload plays after its answer;
 * - one HLS segment served through the app against nginx and a bare node:http server.
 */
export interface MediaBenchResult {
  clip: string;
  renditions: string[];
  steps: string[];
  /** Seconds per round, interleaved: bare, app, bare, app… */
  bare: number[];
  app: number[];
  playableMs: number[];
  segmentBytes: number;
  segment: LoadResult[];
}

export const MEDIA_BUDGET = { ladderRatio: 1.1, playableMs: 1000, segmentNginxRatio: 0.5 };

const CLIP = { seconds: 10, width: 1280, height: 720, fps: 30 };

function quote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

async function makeClip(ffmpeg: string, dir: string): Promise<{ clip: string; png: string }> {
  const clip = path.join(dir, 'clip-720p.mp4');
  const png = path.join(dir, 'picture.png');
  if (!fs.existsSync(clip)) {
    const partial = `${clip}.partial.mp4`;
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=duration=${CLIP.seconds}:size=1280x720:rate=${CLIP.fps}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP.seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '4M'],
      ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', partial],
    ]);
    fs.renameSync(partial, clip);
  }
  if (!fs.existsSync(png)) {
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=320x180:rate=1', '-frames:v', '1', png],
    ]);
  }
  return { clip, png };
}

/** The worker's commands for `clip`, as one shell script writing into `work`. */
async function bareScript(ffmpeg: string, clip: string, work: string) {
  const probe = await createFfprobe(mediaTools().ffprobe.path)(clip);
  if (!probe?.video) throw new Error('the bench clip does not probe as a video');
  const plan = planProcessing(probe);
  const size = displaySize(probe.video.width, probe.video.height, probe.video.rotation);
  const files = scratchFiles(work, path.basename(clip));
  const media: Parameters<typeof stepArgs>[2] = {
    hasAudio: probe.audioCodec !== undefined,
    duration: probe.duration,
    ...size,
  };
  const lines = ['set -e', `cp ${quote(clip)} ${quote(files.source)}`];
  for (const step of plan.steps) {
    const dirs =
      step.kind === 'ladder'
        ? step.renditions.map((r) => r.height)
        : step.kind === 'hls' || step.kind === 'hls-copy'
          ? [step.rendition.height]
          : [];
    for (const height of dirs) lines.push(`mkdir -p ${quote(files.hlsDir(height))}`);
    lines.push([ffmpeg, ...stepArgs(step, files, media)].map(quote).join(' ') + ' > /dev/null');
    // As the worker does: the sprite decodes the smallest rendition the ladder made.
    if (step.kind === 'ladder') {
      media.storyboardSource = path.join(files.hlsDir(step.renditions[0]!.height), 'index.m3u8');
    }
  }
  return {
    script: lines.join('\n') + '\n',
    renditions: plan.renditions.map((r) => `${r.height}p`),
    steps: plan.steps.map((s) =>
      'rendition' in s
        ? `${s.kind} ${s.rendition.height}p`
        : s.kind === 'ladder'
          ? `ladder ${s.renditions.map((r) => `${r.height}p`).join('+')}`
          : s.kind,
    ),
  };
}

function runScript(script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - started) / 1000)
        : reject(new Error(`bare ffmpeg script exited with ${code}\n${stderr}`)),
    );
  });
}

async function signUp(url: string, png: string): Promise<string> {
  const user = `bench${Date.now().toString(36)}`;
  const password = 'correct horse battery staple';
  const form = new FormData();
  form.set('username', user);
  form.set('email', `${user}@example.com`);
  form.set('fullName', 'Bench Media');
  form.set('password', password);
  form.set('avatar', new Blob([fs.readFileSync(png)], { type: 'image/png' }), 'avatar.png');
  const reg = await fetch(`${url}/api/v1/users/register`, { method: 'POST', body: form });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  const sid = /sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!sid) throw new Error(`login: ${login.status} ${await login.text()}`);
  return sid;
}

interface Upload {
  id: string;
  playableMs: number;
  readySeconds: number;
  hlsUrl: string;
}

/** Uploads the clip and watches it, as its owner, until it is ready. */
async function uploadAndWait(url: string, cookie: string, clip: string, png: string) {
  const form = new FormData();
  form.set('title', 'Bench clip');
  form.set('description', 'A 10 second 720p test pattern.');
  form.set('hashtag', '#bench');
  form.set('visibility', 'public');
  form.set('videoFile', new Blob([fs.readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  form.set('thumbnail', new Blob([fs.readFileSync(png)], { type: 'image/png' }), 'thumb.png');
  const res = await fetch(`${url}/api/v1/videos/publishavideo`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const answered = performance.now();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  let playableMs: number | undefined;
  for (;;) {
    const r = await fetch(`${url}/api/v1/videos/vid-id/${id}`, { headers: { cookie } });
    const v = ((await r.json()) as { data: Record<string, unknown> }).data;
    const at = performance.now() - answered;
    if (v.playable && playableMs === undefined) playableMs = at;
    if (v.status === 'failed') throw new Error(`processing failed: ${String(v.processingError)}`);
    if (v.status === 'ready') {
      return {
        id,
        playableMs: playableMs ?? at,
        readySeconds: at / 1000,
        hlsUrl: String(v.hlsUrl),
      };
    }
    if (at > 600_000) throw new Error('processing took over 10 minutes');
    await new Promise((r2) => setTimeout(r2, 20));
  }
}

export async function mediaBench(opts: {
  root: string;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<MediaBenchResult> {
  const { root, log } = opts;
  const base = path.join(root, '.tmp', 'bench-media');
  const dataDir = path.join(base, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const ffmpeg = mediaTools().ffmpeg.path;
  const { clip, png } = await makeClip(ffmpeg, base);
  log(`\n== media: processing ${path.basename(clip)} (ffmpeg ${ffmpeg})`);

  const port = await freePort();
  const server = await startProcess(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REGISTER_RATE_LIMIT: '100000',
      WEB_DIST_DIR: path.join(root, 'web', 'dist'),
    },
    port,
    '/api/v1/health/ready',
  );
  try {
    await settle(server.url);
    const cookie = await signUp(server.url, png);
    const bare: number[] = [];
    const app: number[] = [];
    const playableMs: number[] = [];
    let plan: Awaited<ReturnType<typeof bareScript>> | undefined;
    let last: Upload | undefined;
    for (let round = 0; round < opts.rounds; round += 1) {
      const work = path.join(base, `bare-${round}`);
      fs.rmSync(work, { recursive: true, force: true });
      fs.mkdirSync(work, { recursive: true });
      const commands = await bareScript(ffmpeg, clip, work);
      plan ??= commands;
      bare.push(await runScript(commands.script));
      fs.rmSync(work, { recursive: true, force: true });
      last = await uploadAndWait(server.url, cookie, clip, png);
      app.push(last.readySeconds);
      playableMs.push(last.playableMs);
      log(
        `  round ${round + 1}: bare ffmpeg ${bare[round]!.toFixed(2)} s, app ${app[round]!.toFixed(2)} s (playable after ${playableMs[round]!.toFixed(0)} ms)`,
      );
    }

    // The top rendition's first segment of the last upload, as a player fetches it.
    const master = new URL(last!.hlsUrl, server.url).pathname;
    const prefix = master.replace(/hls\/master\.m3u8$/, '');
    const top = plan!.renditions[plan!.renditions.length - 1]!;
    const playlist = await (await fetch(`${server.url}${prefix}hls/${top}/index.m3u8`)).text();
    const segment = playlist.split('\n').find((l) => l.endsWith('.ts'));
    if (!segment) throw new Error('no segment in the top playlist');
    const segmentPath = `${prefix}hls/${top}/${segment}`;
    const file = path.join(dataDir, 'media', segmentPath.slice('/media/'.length));
    const segmentBytes = fs.statSync(file).size;
    const common = { connections: 20, seconds: opts.seconds, headers: {} };
    await settle(server.url);
    const loads: LoadResult[] = [];
    loads.push(
      await load({
        ...common,
        name: 'HLS segment: app',
        url: server.url,
        path: segmentPath,
        serverPid: server.pid,
      }),
    );
    const ng = await nginxLoad({
      ...common,
      name: 'HLS segment: nginx',
      root: path.join(dataDir, 'media'),
      file: segmentPath.slice('/media'.length),
    });
    if (ng) loads.push(ng);
    const nodePort = await freePort();
    const control = await startProcess(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench', 'file-server.ts'), file, String(nodePort)],
      process.env,
      nodePort,
      '/',
    );
    try {
      loads.push(
        await load({
          ...common,
          name: 'HLS segment: bare node:http',
          url: control.url,
          path: '/',
          serverPid: control.pid,
        }),
      );
    } finally {
      await control.stop();
    }
    for (const l of loads) {
      log(
        `  ${l.name.padEnd(30)} ${l.requestsPerSec.toFixed(0).padStart(6)} req/s  ${(l.bytesPerSec / 1e6).toFixed(0)} MB/s  p99 ${l.p99} ms  errors ${l.errors}`,
      );
    }
    return {
      clip: `${CLIP.seconds} s ${CLIP.width}×${CLIP.height} H.264 ${CLIP.fps} fps + AAC`,
      renditions: plan!.renditions,
      steps: plan!.steps,
      bare,
      app,
      playableMs,
      segmentBytes,
      segment: loads,
    };
  } finally {
    await server.stop();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export function mediaMarkdown(r: MediaBenchResult): string {
  const yes = (ok: boolean) => (ok ? 'pass' : '**MISS**');
  const ratio = median(r.app) / median(r.bare);
  const playable = median(r.playableMs);
  const lines = [
    '## Media processing',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} (Node ${process.version}). A ${r.clip} upload, processed by the built server's worker process (\`npm start\`'s default) into ${r.renditions.join(', ')} and the other outputs, in ${r.bare.length} interleaved rounds. The reference runs the very same ffmpeg commands (\`processing/step-args.ts\`: ${r.steps.join(', ')}) from a shell, one after another, in the same bench; the app's time runs from the upload's answer until the video reads \`ready\`, so it includes the queue, probing, copying the original into scratch, storing every output and the database writes.`,
    '',
    '| | median | every round |',
    '| --- | ---: | --- |',
    `| bare ffmpeg, same commands | ${median(r.bare).toFixed(2)} s | ${r.bare.map((x) => x.toFixed(2)).join(', ')} |`,
    `| app: upload answered → ready | ${median(r.app).toFixed(2)} s | ${r.app.map((x) => x.toFixed(2)).join(', ')} |`,
    `| app: upload answered → playable | ${playable.toFixed(0)} ms | ${r.playableMs.map((x) => x.toFixed(0)).join(', ')} |`,
    '',
    `- App / bare ffmpeg: ${ratio.toFixed(2)} (budget ≤ ${MEDIA_BUDGET.ladderRatio}): ${yes(ratio <= MEDIA_BUDGET.ladderRatio)}.`,
    `- Playable after the upload answers: ${playable.toFixed(0)} ms (budget ≤ ${MEDIA_BUDGET.playableMs} ms): ${yes(playable <= MEDIA_BUDGET.playableMs)}.`,
    '',
    `| HLS segment (${(r.segmentBytes / 1024).toFixed(0)} KB, 20 connections) | req/s | MB/s | p99 ms | errors |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.segment.map(
      (l) =>
        `| ${l.name} | ${l.requestsPerSec.toFixed(0)} | ${(l.bytesPerSec / 1e6).toFixed(0)} | ${l.p99} | ${l.errors} |`,
    ),
    '',
  ];
  const app = r.segment.find((l) => l.name.endsWith(': app'));
  const nginx = r.segment.find((l) => l.name.endsWith(': nginx'));
  const bare = r.segment.find((l) => l.name.endsWith(': bare node:http'));
  if (app && nginx) {
    const x = app.bytesPerSec / nginx.bytesPerSec;
    lines.push(
      `- App / nginx: ${x.toFixed(2)} (budget ≥ ${MEDIA_BUDGET.segmentNginxRatio}): ${yes(x >= MEDIA_BUDGET.segmentNginxRatio)}.`,
    );
  } else {
    lines.push('- nginx is not installed here, so the comparison with nginx was skipped.');
  }
  if (app && bare) {
    lines.push(`- App / bare node:http: ${(app.bytesPerSec / bare.bytesPerSec).toFixed(2)}.`);
  }
  lines.push('');
  return lines.join('\n');
}

/** Replaces (or adds, before "## Findings") the media section of an existing report. */
export function withMediaSection(doc: string, section: string): string {
  const start = doc.indexOf('\n## Media processing\n');
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + 1);
    return doc.slice(0, start + 1) + section + (next >= 0 ? doc.slice(next + 1) : '');
  }
  const findings = doc.indexOf('\n## Findings');
  return findings >= 0
    ? `${doc.slice(0, findings + 1)}${section}\n${doc.slice(findings + 1)}`
    : `${doc}\n${section}`;
}
