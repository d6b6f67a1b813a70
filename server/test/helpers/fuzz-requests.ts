import fc from 'fast-check';

/**
 * Generators of malformed requests for the fuzz suite (fuzz.api.test.ts): the operations of the
 * OpenAPI document, and for each one parameters, queries, JSON and multipart bodies and headers
 * that a hostile or broken client might send. Placeholders (VIDEO, USER, SIGNED_IN, PNG) are
 * filled in by the suite with real ids, a session and an image.
 */

export interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  bodyFields: string[];
  multipart: boolean;
  json: boolean;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export function readOperations(doc: OpenApiDoc): Operation[] {
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
export function enc(value: string): string {
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
export const weirdText = fc.oneof(
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

export const oddHeaders = fc.record(
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

function multipartBody(
  fields: string[],
  png: Buffer,
): fc.Arbitrary<{ body: Buffer; type: string }> {
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

function bodyFor(
  op: Operation,
  png: Buffer,
): fc.Arbitrary<{ body?: Buffer | string; type?: string }> {
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
    multipartBody(op.bodyFields, png),
  ];
  if (op.multipart)
    options.push(multipartBody(op.bodyFields, png), multipartBody(op.bodyFields, png));
  return fc.oneof(...options);
}

/** One generated request for `op`; `png` is the image a multipart file part may carry. */
export function requestFor(op: Operation, png: Buffer) {
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
    body: op.method === 'GET' || op.method === 'HEAD' ? fc.constant({}) : bodyFor(op, png),
    headers: oddHeaders,
    signedIn: fc.boolean(),
  });
}
