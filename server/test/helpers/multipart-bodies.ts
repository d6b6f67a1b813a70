import fc from 'fast-check';

/**
 * Multipart bodies that are not what a form expects, for the multipart fuzz suite: a fixed
 * catalogue per route, and a fast-check arbitrary for generated parts. Every body uses the
 * boundary `B` unless its case names another content type.
 */
export const B = 'fuzzBoundary7';

export interface Route {
  name: string;
  method: 'POST' | 'PATCH';
  path: () => string;
  signedIn: boolean;
  /** Names the form knows, so generated parts often reach its field and file handling. */
  names: string[];
}

/** The multipart routes, `videoId` naming the video the edit and caption routes address. */
export const multipartRoutes = (videoId: () => string): Route[] => [
  {
    name: 'register',
    method: 'POST',
    path: () => '/api/v1/users/register',
    signedIn: false,
    names: ['username', 'email', 'password', 'fullName', 'avatar', 'coverImage'],
  },
  {
    name: 'publish',
    method: 'POST',
    path: () => '/api/v1/videos/publishavideo',
    signedIn: true,
    names: ['title', 'description', 'hashtag', 'isPublished', 'videoFile', 'thumbnail'],
  },
  {
    name: 'edit',
    method: 'PATCH',
    path: () => `/api/v1/videos/${videoId()}`,
    signedIn: true,
    names: ['title', 'description', 'hashtag', 'visibility', 'thumbnail'],
  },
  {
    name: 'captions',
    method: 'POST',
    path: () => `/api/v1/videos/${videoId()}/captions`,
    signedIn: true,
    names: ['language', 'label', 'file'],
  },
  {
    name: 'profile',
    method: 'PATCH',
    path: () => '/api/v1/users/me',
    signedIn: true,
    names: ['fullName', 'bio', 'avatar', 'coverImage'],
  },
];

export const part = (headers: string[], body: string | Buffer) =>
  Buffer.concat([
    Buffer.from(`--${B}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`),
    typeof body === 'string' ? Buffer.from(body) : body,
    Buffer.from('\r\n'),
  ]);
export const end = Buffer.from(`--${B}--\r\n`);
export const field = (name: string, value: string) =>
  part([`Content-Disposition: form-data; name="${name}"`], value);
export const file = (name: string, data: Buffer, type = 'image/png') =>
  part(
    [`Content-Disposition: form-data; name="${name}"; filename="x.png"`, `Content-Type: ${type}`],
    data,
  );

/** Bodies each route must answer with a 4xx (or, for a body that happens to be valid, 2xx). */
export function catalogue(route: Route, png: Buffer): Record<string, Buffer | [Buffer, string]> {
  const fileName = route.names.find((n) => /^(avatar|thumbnail|file)$/.test(n))!;
  const whole = Buffer.concat([field(route.names[0]!, 'value'), file(fileName, png), end]);
  const cases: Record<string, Buffer | [Buffer, string]> = {
    'a field without a name': Buffer.concat([part(['Content-Disposition: form-data'], 'x'), end]),
    'a file without a name': Buffer.concat([
      part(['Content-Disposition: form-data; filename="a.png"', 'Content-Type: image/png'], png),
      end,
    ]),
    'an empty name': Buffer.concat([part(['Content-Disposition: form-data; name=""'], 'x'), end]),
    'an empty name on a file': Buffer.concat([
      part(['Content-Disposition: form-data; name=""; filename="a.png"'], png),
      end,
    ]),
    'a part without headers': Buffer.concat([part([], 'x'), end]),
    'a part with only a content type': Buffer.concat([part(['Content-Type: image/png'], png), end]),
    'a header line without a colon': Buffer.concat([
      part(['Content-Disposition form-data'], 'x'),
      end,
    ]),
    'another disposition': Buffer.concat([
      part(['Content-Disposition: attachment; name="a"'], 'x'),
      end,
    ]),
    'an unterminated quoted name': Buffer.concat([
      part(['Content-Disposition: form-data; name="title'], 'x'),
      end,
    ]),
    'an extended name in a known charset': Buffer.concat([
      part([`Content-Disposition: form-data; name*=utf-8''%E2%82%AC`], 'x'),
      end,
    ]),
    'an extended name in an unknown charset': Buffer.concat([
      part([`Content-Disposition: form-data; name*=bogus-9''%FF%FE`], 'x'),
      end,
    ]),
    'a field in an unknown charset': Buffer.concat([
      part(
        [
          `Content-Disposition: form-data; name="${route.names[0]}"`,
          'Content-Type: text/plain; charset=utf-999',
        ],
        'caf\xe9',
      ),
      end,
    ]),
    'a base64 transfer encoding': Buffer.concat([
      part(
        [
          `Content-Disposition: form-data; name="${route.names[0]}"`,
          'Content-Transfer-Encoding: base64',
        ],
        '!!!',
      ),
      end,
    ]),
    'the same field twice': Buffer.concat([field('title', 'a'), field('title', 'b'), end]),
    'the same file twice': Buffer.concat([file(fileName, png), file(fileName, png), end]),
    'a name of 10 KB': Buffer.concat([field('n'.repeat(10_000), 'x'), end]),
    'a file name of 10 KB': Buffer.concat([
      part(
        [
          `Content-Disposition: form-data; name="${fileName}"; filename="${'f'.repeat(10_000)}.png"`,
        ],
        png,
      ),
      end,
    ]),
    'part headers of 100 KB': Buffer.concat([
      part([`Content-Disposition: form-data; name="${'n'.repeat(100_000)}"`], 'x'),
      end,
    ]),
    'a unicode name': Buffer.concat([field('tïtle\u202e\ud83d\ude00', 'x'), end]),
    'a NUL in a name': Buffer.concat([field('ti\u0000tle', 'x'), end]),
    'a nested multipart part': Buffer.concat([
      part(
        [
          `Content-Disposition: form-data; name="${fileName}"; filename="n.png"`,
          'Content-Type: multipart/mixed; boundary=inner',
        ],
        `--inner\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--inner--`,
      ),
      end,
    ]),
    'the boundary inside a value': Buffer.concat([field('title', `a --${B} b --${B}-- c`), end]),
    'a longer boundary that starts with ours': Buffer.concat([
      Buffer.from(`--${B}x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n`),
      end,
    ]),
    'a delimiter before anything': Buffer.concat([end, field('title', 'late')]),
    'two closing delimiters': Buffer.concat([field('title', 'a'), end, end]),
    'bare line feeds': Buffer.from(
      `--${B}\nContent-Disposition: form-data; name="title"\n\nx\n--${B}--\n`,
    ),
    '1,000 tiny parts': Buffer.concat([
      ...Array.from({ length: 1000 }, (_, i) => field(`f${i}`, 'v')),
      end,
    ]),
    'a quoted boundary': [whole, `multipart/form-data; boundary="${B}"`],
    'a boundary of 200 characters': [
      Buffer.from(
        `--${'b'.repeat(200)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${'b'.repeat(200)}--\r\n`,
      ),
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
    ],
    'two boundary parameters': [whole, `multipart/form-data; boundary=${B}; boundary=other`],
    'a charset parameter': [whole, `multipart/form-data; charset=utf-999; boundary=${B}`],
  };
  // The same valid-looking body cut short at many points.
  for (const at of [
    1,
    2,
    5,
    10,
    20,
    40,
    60,
    80,
    100,
    150,
    200,
    whole.length - 30,
    whole.length - 5,
    whole.length - 1,
  ]) {
    cases[`cut after ${at} bytes`] = whole.subarray(0, at);
  }
  return cases;
}

/** One generated part: its headers (possibly none, possibly nameless) and its body. */
export function partArbitrary(names: string[], png: Buffer) {
  const name = fc.oneof(
    fc.constantFrom(...names),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.integer({ min: 100, max: 20_000 }).map((n) => 'n'.repeat(n)),
  );
  const disposition = fc.oneof(
    fc.constant(undefined),
    fc.constant('form-data'),
    name.map((n) => `form-data; name="${n}"`),
    name.map((n) => `form-data; name=${n}`),
    name.map((n) => `form-data; name="${n}"; filename="f.png"`),
    fc.constant('form-data; filename="f.png"'),
    fc.constant(`form-data; name*=utf-8''%E2%82%AC`),
    fc.constant(`form-data; name*=nope''%FF`),
    fc.constant('form-data; name="open'),
    fc.constant('inline; name="x"'),
  );
  const extra = fc.subarray([
    'Content-Type: image/png',
    'Content-Type: multipart/mixed; boundary=inner',
    'Content-Type: text/plain; charset=utf-999',
    'Content-Transfer-Encoding: base64',
    'X-Anything: 1',
    'not a header',
  ]);
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    fc.constant(png),
    fc.string({ maxLength: 40 }).map((s) => Buffer.from(s)),
    fc.constant(Buffer.from(`--${B}`)),
    fc.constant(Buffer.from(`x\r\n--${B}-`)),
    fc.constant(
      Buffer.from('--inner\r\nContent-Disposition: form-data; name="y"\r\n\r\nz\r\n--inner--'),
    ),
  );
  return fc
    .record({ disposition, extra, body })
    .map(({ disposition: d, extra: e, body: b }) =>
      part([...(d === undefined ? [] : [`Content-Disposition: ${d}`]), ...e], b),
    );
}
