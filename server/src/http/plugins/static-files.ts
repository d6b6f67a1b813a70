import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pickEncoding, type ContentEncoding } from '../accept-encoding.js';
import { fail } from '../envelope.js';

/**
 * The built web app: the shell is revalidated every time while its hashed assets are
 * immutable. Media are not static files: they go through the media route's access decision.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: { webDistDir: string | undefined },
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A missing asset must be a 404, not the app shell: a browser would parse HTML as script.
    const isApi =
      url.startsWith('/api/') || url.startsWith('/media/') || url.startsWith('/assets/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && shell) {
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
