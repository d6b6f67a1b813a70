import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, load, startProcess, type LoadResult } from './load.js';

/** The nginx binary on PATH, or undefined: the bench never installs it. */
function nginxBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

/**
 * The same load against nginx serving the same file from `root`, for the throughput ratio.
 * Answers undefined when nginx is not installed.
 */
export async function nginxLoad(opts: {
  name: string;
  root: string;
  file: string;
  connections: number;
  seconds: number;
  amount?: number;
  headers: Record<string, string>;
}): Promise<LoadResult | undefined> {
  const bin = nginxBinary();
  if (!bin) return undefined;
  const port = await freePort();
  const dir = path.join(path.dirname(opts.root), 'nginx');
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
error_log ${dir}/logs/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location /media/ { alias ${opts.root}/; }
  }
}
`,
  );
  const server = await startProcess(
    bin,
    ['-p', dir, '-c', conf],
    process.env,
    port,
    `/media${opts.file}`,
  );
  try {
    return await load({
      name: opts.name,
      url: server.url,
      path: `/media${opts.file}`,
      connections: opts.connections,
      seconds: opts.seconds,
      amount: opts.amount,
      headers: opts.headers,
      serverPid: server.pid,
    });
  } finally {
    await server.stop();
  }
}
