import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { pngImage, signedInUser } from './helpers/fixtures.js';
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

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  bodyFields: string[];
  multipart: boolean;
  json: boolean;
}

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

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

function readOperations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path: route,
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(jsonSchema?.properties ?? {}),
        multipart: 'multipart/form-data' in content || route.includes('publish'),
        json: jsonSchema !== undefined,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- generators

/** encodeURIComponent, which throws on lone surrogates: those are sent as U+FFFD. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** Text with a NUL somewhere: no database stores it, and SQLite's search stops at it. */
const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const weirdText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  { arbitrary: withNul, weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\0',
      'a\0b',
      '%00',
      '../../etc/passwd',
      '..%2F..%2F',
      '%',
      '%%',
      '%zz',
      '\u202e',
      '\ud800',
      'null',
      'undefined',
      'true',
      '-1',
      '0',
      '1e308',
      'NaN',
      'Infinity',
      '9'.repeat(40),
      '__proto__',
      'constructor',
      '<script>',
      "' or 1=1 --",
      'x'.repeat(5000),
      'abc\u0000',
    ),
    weight: 3,
  },
);
const idLike = fc.oneof(
  weirdText,
  fc.constant('VIDEO'),
  fc.constant('USER'),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.stringMatching(/^[0-9A-Fa-f]{20,30}$/),
);
const jsonScalar = fc.oneof(
  weirdText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);
const jsonValue = fc.oneof(
  jsonScalar,
  fc.array(jsonScalar, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** How a value sits in a URL: encoded, raw (if the client sends it), or doubly encoded. */
const urlPiece = (value: fc.Arbitrary<string>) =>
  fc.tuple(value, fc.constantFrom('encoded', 'raw', 'double')).map(([v, how]) => {
    if (how === 'encoded') return enc(v);
    if (how === 'double') return enc(enc(v));
    // Raw: only what a request line can carry at all.
    return [...v].map((c) => (/^[!$&'()*+,\-./0-9:;=@A-Z_a-z~%]$/.test(c) ? c : enc(c))).join('');
  });

const oddHeaders = fc.record(
  {
    cookie: fc.oneof(
      fc.constant('SIGNED_IN'),
      weirdText.map((v) => `sid=${enc(v)}`),
    ),
    authorization: fc.oneof(
      fc.constant('Bearer'),
      weirdText.map((v) => `Bearer ${v}`),
    ),
    range: fc.oneof(
      fc.constant('bytes=0-'),
      fc.tuple(fc.integer(), fc.integer()).map(([a, b]) => `bytes=${a}-${b}`),
      weirdText,
    ),
    'if-none-match': weirdText,
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'x/y;q=abc'),
    'x-forwarded-for': weirdText,
    origin: fc.constantFrom('http://localhost', 'https://evil.example', 'null'),
  },
  { requiredKeys: [] },
);

function multipartBody(fields: string[]): fc.Arbitrary<{ body: Buffer; type: string }> {
  const name = fc.oneof(fc.constantFrom(...fields, 'avatar', 'thumbnail', 'videoFile'), weirdText);
  const part = fc.record({
    name,
    file: fc.boolean(),
    value: fc.oneof(weirdText, fc.constant('PNG')),
    type: fc.constantFrom('image/png', 'video/mp4', 'text/plain', '', 'application/json'),
  });
  return fc
    .record({
      boundary: fc.oneof(
        fc.constant('fuzzBoundary'),
        weirdText.filter((b) => !/[\r\n]/.test(b)),
      ),
      declared: fc.constantFrom('same', 'none', 'other', 'quoted'),
      parts: fc.array(part, { maxLength: 35 }),
      cutAt: fc.option(fc.nat(), { nil: undefined }),
      closing: fc.boolean(),
      preamble: fc.option(weirdText, { nil: undefined }),
    })
    .map(({ boundary, declared, parts, cutAt, closing, preamble }) => {
      const chunks: Buffer[] = [Buffer.from(preamble ?? '')];
      for (const p of parts) {
        const disposition = p.file
          ? `form-data; name="${p.name}"; filename="f.bin"`
          : `form-data; name="${p.name}"`;
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`),
          Buffer.from(p.type ? `Content-Type: ${p.type}\r\n\r\n` : '\r\n'),
          p.value === 'PNG' ? png : Buffer.from(p.value),
          Buffer.from('\r\n'),
        );
      }
      if (closing) chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let body = Buffer.concat(chunks);
      if (cutAt !== undefined && body.length > 0) body = body.subarray(0, cutAt % body.length);
      const type =
        declared === 'none'
          ? 'multipart/form-data'
          : declared === 'other'
            ? 'multipart/form-data; boundary=somethingElse'
            : declared === 'quoted'
              ? `multipart/form-data; boundary="${boundary}"`
              : `multipart/form-data; boundary=${boundary}`;
      return { body, type };
    });
}

function bodyFor(op: Operation): fc.Arbitrary<{ body?: Buffer | string; type?: string }> {
  const jsonObject = fc
    .dictionary(fc.oneof(fc.constantFrom(...op.bodyFields, 'extra'), weirdText), jsonValue, {
      maxKeys: 6,
    })
    .map((o) => ({ body: JSON.stringify(o), type: 'application/json' }));
  const options: fc.Arbitrary<{ body?: Buffer | string; type?: string }>[] = [
    jsonObject,
    jsonValue.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })),
    weirdText.map((v) => ({ body: v, type: 'application/json' })),
    weirdText.map((v) => ({ body: v, type: 'text/plain' })),
    weirdText.map((v) => ({ body: v, type: 'application/x-www-form-urlencoded' })),
    fc.constant({}),
    multipartBody(op.bodyFields),
  ];
  if (op.multipart) options.push(multipartBody(op.bodyFields), multipartBody(op.bodyFields));
  return fc.oneof(...options);
}

function requestFor(op: Operation) {
  const params = fc.tuple(...op.params.map(() => urlPiece(idLike)));
  const query = fc.dictionary(
    fc.oneof(
      { arbitrary: fc.constantFrom(...op.query, 'page', 'limit', 'q'), weight: 4 },
      { arbitrary: weirdText.map(enc), weight: 1 },
    ),
    fc.oneof(urlPiece(weirdText), fc.constant('')),
    { maxKeys: 5 },
  );
  return fc.record({
    params: op.params.length > 0 ? params : fc.constant([] as string[]),
    query,
    repeatQuery: fc.boolean(),
    body: op.method === 'GET' || op.method === 'HEAD' ? fc.constant({}) : bodyFor(op),
    headers: oddHeaders,
    signedIn: fc.boolean(),
  });
}

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
          fc.asyncProperty(requestFor(op), async (r) => {
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
