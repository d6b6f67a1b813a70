import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';

/**
 * The reference for an API load: Node's http module answering every request with the very
 * bytes the app answered one request of the same load with (status, headers and body, captured
 * by the bench), and nothing else: no routing, no session, no database, no serialisation.
 * What the app answers against it is what the framework and the product's own work cost.
 *
 * `node bench/bytes-server.ts <captured.json> <port> <processes>` (through tsx). With more than
 * one process it serves as the app does, one process per core under node:cluster, so the two
 * compare per request and not by how many cores each may use.
 */
export interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

/** The headers to replay: the app's, less what the connection itself decides. */
export function replayHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

function serve(captured: CapturedAnswer, port: number): void {
  const body = Buffer.from(captured.bodyBase64, 'base64');
  const headers = { ...replayHeaders(captured.headers), 'content-length': String(body.length) };
  http
    .createServer((req, res) => {
      // The request body, if any, is read and dropped like any server would.
      req.resume();
      res.writeHead(captured.status, headers);
      res.end(body);
    })
    .listen(port, '127.0.0.1');
}

const [file, portArg, processesArg] = process.argv.slice(2);
if (file && portArg) {
  const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as CapturedAnswer;
  const processes = Math.max(1, Number(processesArg ?? 1));
  if (processes > 1 && cluster.isPrimary) {
    for (let i = 0; i < processes; i += 1) cluster.fork();
  } else {
    serve(captured, Number(portArg));
  }
}
