import fs from 'node:fs';
import http from 'node:http';

/**
 * A framework-free control for the video-bytes load: Node's http module streaming one file
 * with single-range support. Run as its own process: `node bench/file-server.ts <file> <port>`
 * (through tsx). Where nginx is absent it separates the app's cost from the load generator's.
 */
const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) throw new Error('usage: file-server.ts <file> <port>');
const size = fs.statSync(file).size;

http
  .createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (m) {
      const start = Number(m[1]);
      const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      res.writeHead(206, {
        'content-type': 'video/mp4',
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${size}`,
        'accept-ranges': 'bytes',
      });
      fs.createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, {
      'content-type': 'video/mp4',
      'content-length': size,
      'accept-ranges': 'bytes',
    });
    fs.createReadStream(file).pipe(res);
  })
  .listen(Number(portArg), '127.0.0.1');
