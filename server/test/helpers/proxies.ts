import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { answerOf, freePort, until, type Answer } from './processes.js';

/**
 * The reverse proxies of `deploy/` (nginx.conf, Caddyfile) run as they are shipped, in front of
 * an app on loopback. Each file is changed only where a test must: the app's port, loopback
 * ports instead of 80 and 443, a self-signed certificate, files under a temporary directory.
 * Every such change must find its text exactly once, so an edit of the example that would make
 * the test miss a part of it fails here instead.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface RunningProxy {
  /** `https://127.0.0.1:<port>`: the site as the proxy serves it. */
  origin: string;
  /** `http://127.0.0.1:<port>`, when the example serves plain HTTP too (its redirect). */
  plainOrigin?: string;
  stop(): Promise<void>;
}

/** The binary on PATH (or in the sbin directories a root shell has), or a message to install it. */
function binary(name: string, apt: string): string {
  const found = spawnSync(
    'sh',
    ['-c', `PATH="$PATH:/usr/sbin:/usr/local/sbin" command -v ${name}`],
    {
      encoding: 'utf8',
    },
  ).stdout.trim();
  if (!found) {
    throw new Error(
      `${name} is needed to test deploy/ (on Debian or Ubuntu: apt-get install ${apt})`,
    );
  }
  return found;
}

/** Replaces `from` (which must occur exactly once) with `to`. */
function once(text: string, from: string, to: string, file: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    throw new Error(`${file}: expected "${from}" exactly once; the test must follow the example`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

async function started(
  child: ChildProcess,
  dir: string,
  origin: string,
  output: () => string,
): Promise<() => Promise<void>> {
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await until(
      `the proxy at ${origin}`,
      () =>
        proxied(origin, { path: '/api/v1/health/live' }).then(
          (a) => a.status === 200,
          () => false,
        ),
      { timeoutMs: 30_000, alive: [child] },
    );
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${output()}`);
  }
  return stop;
}

/** deploy/nginx.conf in front of the app at `appPort`. */
export async function startNginx(appPort: number): Promise<RunningProxy> {
  const bin = binary('nginx', 'nginx');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-nginx-'));
  const [plainPort, tlsPort] = [await freePort(), await freePort()];
  await selfSignedCertificate(dir);
  const file = 'deploy/nginx.conf';
  let site = await fs.readFile(path.join(ROOT, file), 'utf8');
  site = once(site, '/var/cache/nginx/vidshare-media', path.join(dir, 'cache'), file);
  site = once(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`, file);
  site = once(site, '    listen 80;\n', `    listen 127.0.0.1:${plainPort};\n`, file);
  site = once(site, '    listen [::]:80;\n', '', file);
  site = once(
    site,
    '    listen 443 ssl http2;\n',
    `    listen 127.0.0.1:${tlsPort} ssl http2;\n`,
    file,
  );
  site = once(site, '    listen [::]:443 ssl http2;\n', '', file);
  site = once(
    site,
    '/etc/letsencrypt/live/video.example.org/fullchain.pem',
    path.join(dir, 'cert.pem'),
    file,
  );
  site = once(
    site,
    '/etc/letsencrypt/live/video.example.org/privkey.pem',
    path.join(dir, 'key.pem'),
    file,
  );
  await fs.writeFile(path.join(dir, 'vidshare.conf'), site);
  const temp = (name: string) => `  ${name}_temp_path ${path.join(dir, name)};\n`;
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    // As root, nginx's workers would run as nobody, who cannot enter this directory.
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
error_log ${path.join(dir, 'error.log')} warn;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 256; }
http {
  access_log off;
${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('')}  include ${path.join(dir, 'vidshare.conf')};
}
`,
  );
  const child = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const origin = `https://127.0.0.1:${tlsPort}`;
  const stop = await started(child, dir, origin, () => stderr);
  return { origin, plainOrigin: `http://127.0.0.1:${plainPort}`, stop };
}

/** deploy/Caddyfile in front of the app at `appPort`, with Caddy's own local certificates. */
export async function startCaddy(appPort: number): Promise<RunningProxy> {
  const bin = binary('caddy', 'caddy');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-caddy-'));
  const [plainPort, tlsPort] = [await freePort(), await freePort()];
  const file = 'deploy/Caddyfile';
  let site = await fs.readFile(path.join(ROOT, file), 'utf8');
  site = once(
    site,
    'video.example.org {\n',
    `https://127.0.0.1:${tlsPort} {\n\tbind 127.0.0.1\n`,
    file,
  );
  site = once(site, 'reverse_proxy 127.0.0.1:3000 {', `reverse_proxy 127.0.0.1:${appPort} {`, file);
  const globals = `{
\tadmin off
\thttp_port ${plainPort}
\thttps_port ${tlsPort}
\tauto_https disable_redirects
\tskip_install_trust
\tlocal_certs
\tstorage file_system ${path.join(dir, 'data')}
}

`;
  const config = path.join(dir, 'Caddyfile');
  await fs.writeFile(config, globals + site);
  const child = spawn(bin, ['run', '--config', config, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const origin = `https://127.0.0.1:${tlsPort}`;
  const stop = await started(child, dir, origin, () => stderr.slice(-4000));
  return { origin, stop };
}

interface CaddyRoute {
  match?: { not?: { path?: string[] }[] }[];
  handle?: ({ handler: string; max_size?: number } & { routes?: CaddyRoute[] })[];
}

/**
 * Every body-size bound of deploy/Caddyfile as Caddy itself reads the file (`caddy adapt`):
 * its size, and the paths it leaves out.
 */
export function requestBodyBounds(): { maxBytes: number; exceptPaths: string[] }[] {
  const adapted = spawnSync(
    binary('caddy', 'caddy'),
    ['adapt', '--config', path.join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    { encoding: 'utf8' },
  );
  if (adapted.status !== 0) throw new Error(`caddy adapt: ${adapted.stderr}`);
  const config = JSON.parse(adapted.stdout) as {
    apps: { http: { servers: Record<string, { routes: CaddyRoute[] }> } };
  };
  const out: { maxBytes: number; exceptPaths: string[] }[] = [];
  const walk = (routes: CaddyRoute[]) => {
    for (const route of routes) {
      for (const handler of route.handle ?? []) {
        if (handler.routes) walk(handler.routes);
        if (handler.handler !== 'request_body') continue;
        out.push({
          maxBytes: handler.max_size ?? Infinity,
          exceptPaths: (route.match ?? []).flatMap((m) =>
            (m.not ?? []).flatMap((n) => n.path ?? []),
          ),
        });
      }
    }
  };
  for (const server of Object.values(config.apps.http.servers)) walk(server.routes);
  return out;
}

async function selfSignedCertificate(dir: string): Promise<void> {
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      ...['-days', '2', '-subj', '/CN=video.example.org'],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
}

/**
 * One request through a proxy (any origin, HTTPS with its test certificate accepted), on a
 * connection of its own. A body may be a stream, sent as it is read.
 */
export function proxied(
  origin: string,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | Readable;
  },
): Promise<Answer> {
  const url = new URL(opts.path, origin);
  return new Promise((resolve, reject) => {
    // The redirect's plain HTTP, or HTTPS with the test's own certificate.
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        agent: false,
        rejectUnauthorized: false,
      },
      (res) => answerOf(res).then(resolve, reject),
    );
    req.on('error', reject);
    const body = opts.body;
    if (body === undefined || Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}
