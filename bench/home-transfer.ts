import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LIMITS } from '@contract';
import { routeSizes } from './bundle-size.js';
import { feedAnswer } from './json-compression.js';

/**
 * Bytes the home route's first render moves over the wire from this server to a browser
 * that accepts brotli: the app shell, the JS and CSS it loads before rendering (the
 * precompressed `.br` copies the server sends), the session check and the first feed page
 * (JSON, brotli quality 1 as the server compresses it), each with a header allowance. Thumbnails load after first
 * render, lazily, and are not counted. `npm run bench:transfer` after `npm run build:web`.
 */
const HEADER_BYTES = 400;
export const HOME_TRANSFER_BUDGET = 150 * 1024;

function wireBytes(file: string): number {
  const br = `${file}.br`;
  return fs.statSync(fs.existsSync(br) ? br : file).size;
}

export function homeTransfer(webDist: string) {
  const assets = path.join(webDist, 'assets');
  const { routes } = routeSizes(webDist);
  const home = routes.find((r) => r.route === 'home');
  if (!home) throw new Error('no route chunk named home in web/dist');
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const css = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]!);
  const parts = [
    { what: 'app shell (index.html)', bytes: wireBytes(path.join(webDist, 'index.html')) },
    {
      what: `JS before first render (${home.jsFiles.length} files)`,
      bytes: home.jsFiles.reduce((sum, f) => sum + wireBytes(path.join(assets, f)), 0),
    },
    { what: 'CSS', bytes: css.reduce((sum, f) => sum + wireBytes(path.join(assets, f)), 0) },
    {
      what: `first feed page (${LIMITS.feedPageSize} videos, JSON, brotli 1)`,
      bytes: zlib.brotliCompressSync(JSON.stringify(feedAnswer(LIMITS.feedPageSize)), {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
      }).length,
    },
    { what: 'session check (JSON)', bytes: 120 },
  ];
  const requests = 1 + home.jsFiles.length + css.length + 2;
  const total = parts.reduce((sum, p) => sum + p.bytes, 0) + requests * HEADER_BYTES;
  return { parts, requests, total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parts, requests, total } = homeTransfer(path.resolve('web/dist'));
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const p of parts) console.log(`| ${p.what} | ${kb(p.bytes)} KB |`);
  console.log(
    `| headers (${requests} answers × ${HEADER_BYTES} B) | ${kb(requests * HEADER_BYTES)} KB |`,
  );
  console.log(
    `| **total** | **${kb(total)} KB** (budget ${kb(HOME_TRANSFER_BUDGET)} KB: ${total <= HOME_TRANSFER_BUDGET ? 'pass' : 'FAIL'}) |`,
  );
  if (total > HOME_TRANSFER_BUDGET) process.exitCode = 1;
}
