import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './load.js';
import { cpuMs, treeMemory } from './proc.js';
import { median, terminate, timed, tusUpload } from './upload-client.js';
import { MIB, ROUNDS, SIZE, UPLOAD_BUDGET, log, meets, ratio } from './upload-settings.js';

/**
 * What receiving large uploads costs the server: tus throughput against a bare node:http PUT
 * writing the same bytes to the same disk, and the server's memory while 4 such uploads run.
 */

type Server = { url: string; pid: number };

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

export interface ThroughputRound {
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
async function throughputRounds(
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

/**
 * 1. Throughput: tus against a bare PUT, the same bytes to the same disk. The table's row, and
 * a note giving every round.
 */
export async function throughput(
  server: Server,
  cookie: string,
  large: string,
  dataDir: string,
): Promise<{ row: string; note: string }> {
  const rounds = await throughputRounds(server, cookie, large, dataDir);
  const ratios = rounds.map((r) => r.bareSeconds / r.tusSeconds);
  const mid = rounds[ratios.indexOf(median(ratios))]!;
  const mbps = (s: number) => SIZE / MIB / s;
  const row = `| tus upload throughput (chunks of 8–64 MiB, as the web app sends) against a bare node:http PUT to the same disk; median of ${rounds.length} rounds | ${mbps(mid.tusSeconds).toFixed(0)} MB/s | ${mbps(mid.bareSeconds).toFixed(0)} MB/s | ${median(ratios).toFixed(2)} | ≥ ${UPLOAD_BUDGET.throughputRatio} | ${meets(median(ratios) >= UPLOAD_BUDGET.throughputRatio)} |`;
  const note = `Throughput rounds (tus against bare PUT; ratio; server CPU per GiB against the bare server's): ${rounds
    .map(
      (r) =>
        `${mbps(r.tusSeconds).toFixed(0)}/${mbps(r.bareSeconds).toFixed(0)} MB/s, ${ratio(r.bareSeconds, r.tusSeconds)}, ${(r.tusCpuMsPerGib / 1000).toFixed(1)}/${(r.bareCpuMsPerGib / 1000).toFixed(1)} s (${r.patches} PATCHes)`,
    )
    .join('; ')}.`;
  return { row, note };
}

/** 2. Memory while 4 uploads of that size run at once: the table's row. */
export async function memory(server: Server, cookie: string, large: string): Promise<string> {
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
  return `| Server PSS growth while 4 uploads run at once | +${(peak - baseline).toFixed(0)} MB | ${baseline.toFixed(0)} MB before | | < ${UPLOAD_BUDGET.pssGrowthMb} MB | ${meets(peak - baseline < UPLOAD_BUDGET.pssGrowthMb)} |`;
}
