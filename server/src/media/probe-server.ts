import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { parseRange } from '../http/byte-range.js';
import type { BlobStore } from '../storage/blob-store.js';

/**
 * Serves one object of the BlobStore on a loopback port, with Range, under an unguessable
 * path, for as long as `use` runs: ffprobe reads an upload kept in an object store without
 * the server downloading it first (it reads the header, and seeks to an MP4's index at the
 * end). Nothing else is served, and only to 127.0.0.1.
 */
export async function serveForProbe<T>(
  blobs: BlobStore,
  key: string,
  size: number,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const path = `/${randomBytes(16).toString('hex')}`;
  const server = http.createServer((req, res) => {
    if (req.url !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    const range = parseRange(req.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
    const headers: Record<string, string> = {
      'accept-ranges': 'bytes',
      'content-length': String(part ? part.end - part.start + 1 : size),
      'content-type': 'application/octet-stream',
    };
    if (part) headers['content-range'] = `bytes ${part.start}-${part.end}/${size}`;
    if (req.method === 'HEAD') {
      res.writeHead(part ? 206 : 200, headers).end();
      return;
    }
    blobs
      .open(key, part)
      .then(async (object) => {
        if (!object) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(part ? 206 : 200, headers);
        await pipeline(object.stream, res);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await use(`http://127.0.0.1:${port}${path}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
