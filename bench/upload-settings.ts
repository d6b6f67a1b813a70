import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../server/src/config.js';

/** What the parts of `npm run bench:uploads` share: where its files go, its sizes and budgets. */
export const ROOT = path.resolve(import.meta.dirname, '..');
export const MIB = 1024 * 1024;
/** The large file's size (BENCH_UPLOAD_MIB, default 1024). */
export const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
export const BASE = path.join(ROOT, '.tmp', 'bench-uploads');
/** How many times the throughput pair runs (BENCH_UPLOAD_ROUNDS, default 3). */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));
export const UPLOAD_BUDGET = { throughputRatio: 0.7, pssGrowthMb: 100, ladderRatio: 1.2 };

/** The ffmpeg and ffprobe the server runs in this environment (FFMPEG_PATH, FFPROBE_PATH). */
export const mediaTools = () => loadConfig().mediaTools;

export const run = promisify(execFile);

export const log = (line: string) => console.log(line);

/** A ratio as the report's table shows it. */
export const ratio = (a: number, b: number) => (a / b).toFixed(2);
/** Whether a budget is met, as the report's table shows it. */
export const meets = (ok: boolean) => (ok ? 'yes' : '**no**');
