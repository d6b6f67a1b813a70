import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { mediaBench, mediaMarkdown, withMediaSection } from './media.js';

/**
 * `npm run bench:media`: only the media pass of `npm run bench` (bench/media.ts), which
 * replaces the "Media processing" section of docs/performance.md and leaves the rest as it is.
 * BENCH_SECONDS (default 10) is each byte load; BENCH_REPEAT (default 3) the processing rounds;
 * BENCH_SKIP_BUILD=1 reuses server/dist.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const result = await mediaBench({
    root: ROOT,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    rounds: Math.max(1, Number(process.env.BENCH_REPEAT ?? 3)),
    log: (line) => console.log(line),
  });
  const out = path.join(ROOT, 'docs', 'performance.md');
  const doc = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '# Performance\n';
  fs.writeFileSync(out, withMediaSection(doc, mediaMarkdown(result)));
  spawnSync('npx', ['prettier', '--write', out], { cwd: ROOT, stdio: 'ignore' });
  console.log(`\nwrote ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
