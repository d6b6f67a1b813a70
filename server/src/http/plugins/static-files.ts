import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pickEncoding, type ContentEncoding } from '../accept-encoding.js';
import { fail } from '../envelope.js';
import { sendWithEtag } from '../etag.js';
import { shellTemplate } from '../../pages/heads.js';

/** A page's own head (a watch, embed or channel page), or undefined for the shell's own. */
export type PageHeadFor = (request: FastifyRequest) => Promise<string | undefined>;

/**
 * The built web app: the shell is revalidated every time while its hashed assets are
 * immutable. Media are not static files: they go through the media route's access decision.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: { webDistDir: string | undefined; headFor?: PageHeadFor },
): Promise<void> {
  const indexHtml =
    opts.webDistDir && fs.existsSync(path.join(opts.webDistDir, 'index.html'))
      ? path.join(opts.webDistDir, 'index.html')
      : undefined;
  if (opts.webDistDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      // `.br` and `.gz` copies written at build time (web/build/precompress.ts), chosen by
      // Accept-Encoding with `Vary: accept-encoding`; no compression work per request.
      preCompressed: true,
      // Our own header below decides; the default would overwrite it with max-age=0.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const shell = indexHtml ? loadShell(indexHtml) : undefined;

  const template = shell ? shellTemplate(shell.identity.toString('utf8')) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isMachinePath(url) && wantsPage && shell) {
      // Watch, embed and channel pages describe themselves to link previews and crawlers. The
      // head is the same whoever asks (what a visitor may see), so no cache can hand one
      // viewer's page to another; `no-cache` with an ETag revalidates it on every use.
      const head = opts.headFor ? await opts.headFor(request) : undefined;
      if (head !== undefined && template) {
        reply.header('cache-control', 'no-cache');
        return sendWithEtag(request, reply, template.render(head), 'text/html; charset=utf-8');
      }
      // Client-side routes (and the client's own 404 page) are rendered by the app shell.
      const encoding = pickEncoding(request.headers['accept-encoding'], shell.encodings);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .send(encoding ? shell[encoding] : shell.identity);
    }
    return reply
      .status(404)
      .send(fail(404, `Route ${request.method} ${url.split('?')[0]} not found.`));
  });
}

/**
 * Paths only programs ask for: the API, media, built assets and `/metrics` (absent unless
 * METRICS_TOKEN is set). A miss there is a JSON 404, never the app shell with 200: a wrong
 * health-check path must fail, and a browser would parse HTML as a script. Any case, with or
 * without a trailing slash or query.
 */
const MACHINE_SEGMENTS = new Set(['api', 'media', 'assets', 'metrics']);
export function isMachinePath(url: string): boolean {
  const first = url.split(/[?#]/, 1)[0]!.split('/')[1] ?? '';
  return MACHINE_SEGMENTS.has(first.toLowerCase());
}

/** The app shell and its precompressed copies, read once: it is a few kilobytes. */
function loadShell(indexHtml: string) {
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  const br = read(`${indexHtml}.br`);
  const gzip = read(`${indexHtml}.gz`);
  const encodings: ContentEncoding[] = [];
  if (br) encodings.push('br');
  if (gzip) encodings.push('gzip');
  return { identity: fs.readFileSync(indexHtml), br, gzip, encodings };
}
