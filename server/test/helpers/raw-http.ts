import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends one request exactly as written (no client-side normalisation of the target, unlike
 * `app.inject` and fetch, which resolve dot segments) and reads the answer until close.
 */
export function rawRequest(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no HTTP answer: ${all.toString('latin1')}`));
      const [statusLine = '', ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        parsed[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: parsed,
        body: all.subarray(end + 4),
      });
    });
    const head = Object.entries({ host: 'localhost', connection: 'close', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(Buffer.from(`${method} ${target} HTTP/1.1\r\n${head}\r\n`, 'latin1'));
  });
}

/**
 * Sends requests one after another on one keep-alive connection and answers each response
 * (headers and Content-Length body): proves a connection stays usable after an answer.
 */
export async function keepAliveExchange(port: number, requests: Buffer[]): Promise<RawAnswer[]> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  let closed = false;
  socket.on('data', (c: Buffer) => {
    buffered = Buffer.concat([buffered, c]);
    waiting?.();
  });
  socket.on('close', () => {
    closed = true;
    waiting?.();
  });
  const more = () =>
    new Promise<void>((resolve, reject) => {
      if (closed) return reject(new Error('connection closed before the answer was complete'));
      const timer = setTimeout(() => reject(new Error('no answer in 10 s')), 10_000);
      waiting = () => {
        clearTimeout(timer);
        waiting = undefined;
        resolve();
      };
    });
  const answers: RawAnswer[] = [];
  try {
    for (const req of requests) {
      socket.write(req);
      let end = buffered.indexOf('\r\n\r\n');
      while (end < 0) {
        await more();
        end = buffered.indexOf('\r\n\r\n');
      }
      const [statusLine = '', ...lines] = buffered
        .subarray(0, end)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      while (buffered.length < end + 4 + length) await more();
      answers.push({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: buffered.subarray(end + 4, end + 4 + length),
      });
      buffered = buffered.subarray(end + 4 + length);
    }
  } finally {
    socket.destroy();
  }
  return answers;
}

/**
 * A sign-in whose body is only half sent: in flight until `finish` sends the rest. It asks
 * `Expect: 100-continue`, so the server's interim `100 Continue` says when it has read the head
 * and the request is in flight (`inFlight`); the answers that follow are in `closed`. With
 * `keepAlive`, the connection stays open for what `finish` sends after the body.
 */
export function halfSentLogin(port: number, opts: { keepAlive?: boolean } = {}) {
  const body = JSON.stringify({ username: 'nobody-here', password: 'wrong password' });
  const head =
    `POST /api/v1/users/login HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n` +
    (opts.keepAlive ? '' : 'Connection: close\r\n') +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const interim = 'HTTP/1.1 100 Continue\r\n\r\n';
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let markInFlight: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => (markInFlight = resolve));
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    received += d;
    if (received.startsWith(interim)) markInFlight();
  });
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () =>
      resolve(received.startsWith(interim) ? received.slice(interim.length) : received),
    ),
  );
  socket.on('error', () => {});
  socket.on('connect', () => socket.write(head + body.slice(0, 10)));
  return {
    inFlight,
    closed,
    /** The rest of the body, then `more` (another request) on the same connection. */
    finish: (more = '') => socket.write(body.slice(10) + more),
  };
}
