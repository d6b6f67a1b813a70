import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { pngImage, signedInUser } from './helpers/fixtures.js';
import {
  enc,
  oddHeaders,
  readOperations,
  requestFor,
  weirdText,
  type OpenApiDoc,
  type Operation,
} from './helpers/fuzz-requests.js';
import { publishVideo } from './helpers/media.js';

/**
 * Property-based fuzzing of every operation in the OpenAPI document, and of media paths:
 * generated malformed requests (parameters, queries, JSON and multipart bodies, headers) must
 * never get a 5xx, must each be answered within a bound, and must leave no temp file.
 * Seeded, so a failure replays. `FUZZ_RUNS` sets the requests per operation (1,000 by default on
 * SQLite, 150 on PostgreSQL, where each request costs more); `FUZZ_SEED` another seed.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.FUZZ_RUNS ?? (ON_POSTGRES ? 150 : 1000));
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const ANSWER_WITHIN_MS = 5_000;

let t: TestApp;
let cookie: string;
let videoId: string;
let userId: string;
let username: string;
let png: Buffer;
const operations: Operation[] = [];

beforeAll(async () => {
  // Low sign-in and sign-up limits, as in production: fuzzed credentials soon meet the limit
  // instead of paying for a password hash each.
  t = await createTestApp({
    rateLimits: {
      login: { max: 20, windowSeconds: 60 },
      register: { max: 20, windowSeconds: 3600 },
    },
  });
  const user = await signedInUser(t.server, 'fuzz');
  cookie = user.cookie;
  userId = user.user._id;
  username = user.username;
  videoId = (await publishVideo(t, cookie))._id;
  png = (await pngImage(8, 8)).data;
  operations.push(...readOperations(t.server.swagger() as OpenApiDoc));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function urlOf(op: Operation, params: string[], query: Record<string, string>, repeat: boolean) {
  let i = 0;
  const filled = op.path.replace(/\{[^}]+\}/g, () => {
    const v = params[i++] ?? '';
    if (v === 'VIDEO') return videoId;
    if (v === 'USER') return op.path.includes('/c/') ? username : userId;
    return v;
  });
  const pairs = Object.entries(query).flatMap(([k, v]) =>
    repeat
      ? [
          [k, v],
          [k, v],
        ]
      : [[k, v]],
  );
  const qs = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return qs ? `${filled}?${qs}` : filled;
}

async function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: { body?: Buffer | string; type?: string },
) {
  const started = Date.now();
  const res = await t.server.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(body.type ? { 'content-type': body.type } : {}) },
    ...(body.body !== undefined ? { payload: body.body } : {}),
  });
  return { res, ms: Date.now() - started };
}

function headersOf(h: Record<string, string>, signedIn: boolean, op: Operation) {
  const out: Record<string, string> = { ...h };
  // Signing out would end the session every later request relies on.
  const mayUseSession = !op.path.includes('logout');
  if (out.cookie === 'SIGNED_IN' || (signedIn && mayUseSession)) out.cookie = cookie;
  if (!mayUseSession && out.cookie === cookie) delete out.cookie;
  return out;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('answers every generated malformed request without a 5xx, in time, leaving no temp file', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      await fc
        .assert(
          fc.asyncProperty(requestFor(op, png), async (r) => {
            const url = urlOf(op, r.params, r.query, r.repeatQuery);
            const { res, ms } = await send(
              op.method,
              url,
              headersOf(r.headers, r.signedIn, op),
              r.body,
            );
            if (res.statusCode >= 500 || ms > ANSWER_WITHIN_MS) {
              failures.push(
                `${op.method} ${url} → ${res.statusCode} in ${ms} ms: ${res.body.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch(() => undefined);
      if (failures.length > 20) break;
    }
    expect(failures).toEqual([]);
    expect(await listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  }, 600_000);

  it('answers generated media paths without a 5xx and never with bytes of a non-canonical path', async () => {
    // A video of its own: the operations above may have deleted or hidden the first one.
    const v = await publishVideo(t, cookie);
    const key = v.videoFile.slice('/media/'.length);
    const segment = fc.oneof(
      fc.constantFrom(
        ...key.split('/'),
        '.',
        '..',
        '',
        'images',
        'videos',
        '%2e',
        '%2F',
        '%00',
        '\\',
      ),
      weirdText.map(enc),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 7 }),
        fc.option(fc.constantFrom('?', '?a=1', '#x', '/', ';'), { nil: undefined }),
        oddHeaders,
        fc.constantFrom('GET', 'HEAD'),
        async (segments, suffix, headers, method) => {
          const url = `/media/${segments.join('/')}${suffix ?? ''}`;
          const { res, ms } = await send(
            method,
            url,
            headersOf(headers, false, operations[0]!),
            {},
          );
          expect(res.statusCode, url).toBeLessThan(500);
          expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
          if (url !== v.videoFile && res.statusCode < 400) {
            // inject resolves dot segments, so only the canonical key may ever serve bytes.
            expect(new URL(url, 'http://x').pathname, url).toBe(v.videoFile);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});
