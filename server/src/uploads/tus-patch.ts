import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { ERRORS, EXPOSED_HEADERS, TUS_RESUMABLE, type DataStore, type Locker } from '@tus/utils';

/** A PATCH refused with tus's status and its text. */
export class TusRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const refusal = (error: { status_code: number; body: string }) =>
  new TusRefusal(error.status_code, error.body.trim());

/** A creation's body past its declared length (tus's own text names no size). */
export const bodyPastLength = (size: number) =>
  `The request carries more bytes than its Upload-Length of ${size} bytes.`;

/** A PATCH's body past what the upload has left. */
const bodyPastRest = (size: number, offset: number) =>
  new TusRefusal(
    413,
    `The request carries more bytes than the upload has left: ${size - offset} of its ${size} bytes.`,
  );

/** tus would answer "Upload-Length or Upload-Defer-Length header required", which it is not. */
export const PATCH_WITH_LENGTH =
  'Upload-Length is not allowed on a PATCH: the size was set when the upload was created.';

/** What one PATCH did. */
export interface Appended {
  /** The upload's offset after it. */
  offset: number;
  size: number;
  /** Its expiry, for Upload-Expires while it is unfinished. */
  expires: Date | undefined;
  /**
   * The body was ended before the client had sent all of it (the rate guard cut it, another
   * request asked for the lock, the client went away): what arrived is stored, and the
   * connection must close since the rest of the body was never read.
   */
  unfinished: boolean;
}

/** The request headers a PATCH reads, as tus 1.0 requires them. */
export interface PatchHeaders {
  offset: number;
  /** Content-Length, when sent. */
  length: number | undefined;
}

/**
 * tus 1.0's version check, which every request but OPTIONS passes first: 412 when the header
 * is missing, 400 for another version (@tus/server's statuses and texts).
 */
export function checkTusResumable(headers: IncomingMessage['headers']): void {
  const resumable = headers['tus-resumable'];
  if (resumable === undefined) throw new TusRefusal(412, 'Tus-Resumable Required');
  if (resumable !== TUS_RESUMABLE) throw new TusRefusal(400, 'Invalid tus-resumable');
}

/**
 * tus 1.0's checks of a PATCH's headers, with @tus/server's statuses and texts: Tus-Resumable
 * (412 when missing), Content-Type, Upload-Offset, and no Upload-Length (lengths are never
 * deferred here).
 */
export function patchHeaders(headers: IncomingMessage['headers']): PatchHeaders {
  checkTusResumable(headers);
  const type = headers['content-type'];
  if (type === undefined) throw refusal(ERRORS.INVALID_CONTENT_TYPE);
  if (type !== 'application/offset+octet-stream') {
    throw new TusRefusal(400, 'Invalid content-type');
  }
  const offsetText = headers['upload-offset'];
  if (typeof offsetText !== 'string') throw refusal(ERRORS.MISSING_OFFSET);
  const offset = Number(offsetText);
  if (!Number.isSafeInteger(offset) || offset < 0 || String(offset) !== offsetText) {
    throw new TusRefusal(400, 'Invalid upload-offset');
  }
  if (headers['upload-length'] !== undefined) throw new TusRefusal(400, PATCH_WITH_LENGTH);
  const lengthText = headers['content-length'];
  return { offset, length: lengthText === undefined ? undefined : Number(lengthText) };
}

/** Passes at most `max` bytes; one more is an error. `finish` ends it where it is. */
class BodyLimit extends Transform {
  private received = 0;
  exceeded = false;

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.max) {
      this.exceeded = true;
      done(refusal(ERRORS.ERR_SIZE_EXCEEDED));
      return;
    }
    done(null, chunk);
  }
}

/**
 * One tus PATCH, its body written from the socket straight into the datastore. @tus/server's
 * own handler works on web `Request`s: a Node body passes through a web stream and back, and
 * each 64 KiB read then costs several promises and stream hops; at upload rates that garbage
 * and the full collections it triggers were most of the server's CPU (docs/performance.md,
 * "Uploads"). Here the bytes pass one counting Transform on their way to the store; the
 * protocol is tus's own, through its DataStore and Locker: the lock (held across processes,
 * see upload-locker.ts), the offset check (409), the size limit (413), the bytes kept when the
 * body ends early. `stop` is called with a function that ends the body where it is, keeping
 * what arrived (the rate guard's cut).
 */
export async function appendToUpload(args: {
  datastore: DataStore;
  locker: Locker;
  /** The tus id. */
  id: string;
  body: IncomingMessage;
  headers: PatchHeaders;
  /** Called once the bytes flow, with what ends them early. */
  onFlowing?: (stop: () => void) => void;
}): Promise<Appended> {
  const { datastore, locker, id, body, headers } = args;
  const gone = new AbortController();
  const onClose = () => {
    if (!body.complete) gone.abort();
  };
  body.once('close', onClose);
  const lock = locker.newLock(id);
  let stop: (() => void) | undefined;
  let released = false;
  try {
    // A newer request for this upload (a resume elsewhere) takes it over: this one stops
    // reading and keeps what it has.
    await lock.lock(gone.signal, async () => {
      released = true;
      stop?.();
    });
    try {
      const upload = await datastore.getUpload(id);
      if (upload.offset !== headers.offset) throw refusal(ERRORS.INVALID_OFFSET);
      const size = upload.size ?? 0;
      if (headers.length !== undefined && headers.offset + headers.length > size) {
        throw bodyPastRest(size, headers.offset);
      }
      const limit = new BodyLimit(size - headers.offset);
      let ended = false;
      stop = () => {
        if (ended) return;
        ended = true;
        body.unpipe(limit);
        limit.end();
      };
      if (released || gone.signal.aborted) stop();
      else {
        gone.signal.addEventListener('abort', stop, { once: true });
        body.pipe(limit);
        args.onFlowing?.(stop);
      }
      let offset: number;
      try {
        offset = await datastore.write(limit, id, headers.offset);
      } catch (err) {
        if (limit.exceeded) throw bodyPastRest(size, headers.offset);
        throw err;
      } finally {
        gone.signal.removeEventListener('abort', stop);
      }
      const creation = upload.creation_date ? Date.parse(upload.creation_date) : undefined;
      const expiry = datastore.getExpiration();
      return {
        offset,
        size,
        expires:
          creation !== undefined && expiry > 0 && offset < size
            ? new Date(creation + expiry)
            : undefined,
        unfinished: !body.complete,
      };
    } finally {
      await lock.unlock();
    }
  } finally {
    body.off('close', onClose);
  }
}

/** The headers of a PATCH's answer (204). */
export function appendedHeaders(done: Appended): Record<string, string> {
  return {
    'tus-resumable': TUS_RESUMABLE,
    'upload-offset': String(done.offset),
    'access-control-expose-headers': EXPOSED_HEADERS,
    ...(done.expires ? { 'upload-expires': done.expires.toUTCString() } : {}),
    ...(done.unfinished ? { connection: 'close' } : {}),
  };
}
