import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { S3StoreOptions } from '../../src/storage/s3-blob-store.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  /** A new, empty bucket, and the store options that reach it. */
  bucket(): Promise<S3StoreOptions>;
  /** Every key in `bucket`, sorted (read straight from the server, not through a store). */
  keys(bucket: string): Promise<string[]>;
  contentType(bucket: string, key: string): Promise<string | undefined>;
  /** The variables a server process needs to use `bucket`. */
  env(bucket: string): Record<string, string>;
  /** SIGKILL: the store is gone; connections to its port are refused. */
  kill(): Promise<void>;
  /** SIGSTOP: the store hangs, holding its connections open without answering. */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  thaw(): void;
  /** Starts it again (after `kill`) on the same port, with what it had stored. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a real S3-protocol server (s3rver) in a child process on a free loopback port, storing
 * in a fresh temp directory; `stop()` ends it and removes the directory.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-s3-'));
  const launch = (onPort = 0) => {
    const proc = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        path.join(ROOT, 'scripts/s3-test-server.mjs'),
        dir,
        String(onPort),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const listening = new Promise<number>((resolve, reject) => {
      let out = '';
      proc.stdout.setEncoding('utf8');
      proc.stdout.on('data', (chunk: string) => {
        out += chunk;
        const match = /port (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      proc.once('exit', (code) => reject(new Error(`the S3 test server exited (${code})`)));
    });
    return { proc, listening };
  };
  let { proc: child, listening } = launch();
  const port = await listening;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  const options = (bucket: string): S3StoreOptions => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    forcePathStyle: true,
  });
  return {
    endpoint,
    async bucket() {
      const name = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return options(name);
    },
    async keys(bucket) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const o of page.Contents ?? []) keys.push(o.Key!);
      }
      return keys.sort();
    },
    async contentType(bucket, key) {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType;
    },
    env: (bucket) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async kill() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    freeze() {
      child.kill('SIGSTOP');
    },
    thaw() {
      child.kill('SIGCONT');
    },
    async restart() {
      ({ proc: child, listening } = launch(port));
      await listening;
    },
    async stop() {
      client.destroy();
      // A frozen server would not hear SIGTERM.
      child.kill('SIGCONT');
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
