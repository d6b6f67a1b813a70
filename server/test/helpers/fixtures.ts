import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Builds a multipart/form-data body by hand, exactly as a browser would send it. */
export function multipart(fields: Record<string, string | FilePart | undefined>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----vidshare${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function pngImage(width = 64, height = 64): Promise<FilePart> {
  const data = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .png()
    .toBuffer();
  return { filename: 'avatar.png', contentType: 'image/png', data };
}

export async function jpegWithExif(): Promise<FilePart> {
  const data = await sharp({
    create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-location-data', Artist: 'Someone' } })
    .toBuffer();
  return { filename: 'photo.jpg', contentType: 'image/jpeg', data };
}

/**
 * A valid PNG header claiming 30000×30000 pixels (or the size given) over a few bytes of
 * data: a decompression bomb's shape.
 */
export function pixelBombPng(width = 30000, height = 30000): FilePart {
  const crc = (buf: Buffer) => {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(zlib.crc32(buf) >>> 0);
    return c;
  };
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const t = Buffer.from(type, 'latin1');
    return Buffer.concat([len, t, body, crc(Buffer.concat([t, body]))]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const data = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc((width + 1) * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { filename: 'bomb.png', contentType: 'image/png', data };
}

let counter = 0;
export function uniqueUser(prefix = 'user') {
  counter += 1;
  const name = `${prefix}${counter}${randomBytes(2).toString('hex')}`.toLowerCase();
  return {
    username: name,
    email: `${name}@example.com`,
    password: 'correct horse battery',
    fullName: `Test ${name}`,
  };
}

export async function register(
  server: FastifyInstance,
  fields: Record<string, string | FilePart | undefined>,
): Promise<LightMyRequestResponse> {
  const body = multipart(fields);
  return server.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
}

/** Registers and signs in a new user; answers the user and a Cookie header for later calls. */
export async function signedInUser(server: FastifyInstance, prefix = 'user') {
  const fields = uniqueUser(prefix);
  const reg = await register(server, { ...fields, avatar: await pngImage() });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: fields.username, password: fields.password },
  });
  const sid = login.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return {
    ...fields,
    user: reg.json().data.user as { _id: string; username: string },
    token: sid.value,
    cookie: `sid=${sid.value}`,
  };
}
