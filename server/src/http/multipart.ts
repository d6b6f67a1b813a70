import type { Writable } from 'node:stream';
import Busboy, {
  type BusboyFileStream,
  type BusboyHeaders,
  type BusboyInstance,
} from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMedia } from '../lib/errors.js';
import { containsNul, NUL_REFUSED } from '../lib/nul-text.js';
import { storageErrorOf } from '../lib/storage-errors.js';
import type { TempFiles } from '../storage/temp-files.js';

export interface UploadedFile {
  field: string;
  path: string;
  filename: string;
  mimetype: string;
  size: number;
  /** First bytes, for sniffing the real type. */
  head: Buffer;
}

export interface MultipartSpec {
  /** Accepted file fields with their byte caps and the message shown when one is exceeded. */
  files: Record<string, { maxBytes: number; tooLarge: string }>;
  maxFieldBytes?: number;
  /** Aborting it settles the request with its reason (an upload cut for being too slow). */
  signal?: AbortSignal;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Removes every temp file this request wrote; safe to call twice. */
  cleanup(): Promise<void>;
}

const HEAD_BYTES = 64;
const MAX_FIELDS = 20;
const MAX_PARTS = 30;
/** Field names are short words; the parser does not cap them in multipart bodies, so we do. */
const MAX_NAME_LENGTH = 100;
/**
 * After the body has ended, the parser has this long to say it is complete or broken. It always
 * does at once; this bounds any case it would not, so no request waits forever.
 */
const SETTLE_AFTER_END_MS = 2_000;

export const MULTIPART_MESSAGES = {
  notMultipart: 'Expected a multipart/form-data body.',
  noBoundary: 'The multipart/form-data body has no valid boundary.',
  endedEarly: 'The form data ended before it was complete.',
  malformed: 'The form data is malformed.',
  tooMany: 'The form has too many fields or files.',
  unnamed: 'Every part of the form data needs a name.',
} as const;

/** A part's name as it may appear in a message: bounded, and said plainly when there is none. */
function shownName(name: unknown): string {
  return typeof name === 'string' ? name.slice(0, 100) : '';
}

/** Multipart bodies are left unread by Fastify; `readMultipart` streams them in the handler. */
export function registerMultipartParser(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

export function isMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^multipart\/form-data(?:\s*;|\s*$)/i.test(type);
}

/**
 * Streams each file to a temp path under a hard cap and collects the fields. Every way a body
 * can be wrong (not multipart, no boundary, ending inside a part, too many parts, a file over
 * its cap, an unexpected file field, the client going away, a failing temp write) settles the
 * request at once with a 4xx (507 when the disk is full): the parser is detached, the file
 * streams and temp-file handles are closed, the files removed, and the rest of the body is
 * drained so a keep-alive connection stays usable.
 */
export async function readMultipart(
  request: FastifyRequest,
  temp: TempFiles,
  spec: MultipartSpec,
): Promise<MultipartResult> {
  if (!isMultipart(request)) throw unsupportedMedia(MULTIPART_MESSAGES.notMultipart);
  const raw = request.raw;
  const maxFileBytes = Math.max(...Object.values(spec.files).map((f) => f.maxBytes));
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: raw.headers as BusboyHeaders,
      limits: {
        fieldNameSize: MAX_NAME_LENGTH,
        fieldSize: spec.maxFieldBytes ?? 16 * 1024,
        fields: MAX_FIELDS,
        fileSize: maxFileBytes,
        files: Object.keys(spec.files).length,
        parts: MAX_PARTS,
        headerPairs: 20,
      },
    });
  } catch {
    throw badRequest(MULTIPART_MESSAGES.noBoundary);
  }

  const fields = new Map<string, string>();
  const files: Record<string, UploadedFile> = {};
  const written: string[] = [];
  const seen = new Set<string>();
  const closed: Promise<void>[] = [];
  const open = new Set<{ file: BusboyFileStream; sink: Writable }>();
  let pendingFiles = 0;
  let parserDone = false;
  let settled = false;
  const cleanup = async () => {
    await Promise.all(written.map((p) => temp.remove(p)));
  };

  return new Promise<MultipartResult>((resolve, reject) => {
    let settleTimer: NodeJS.Timeout | undefined;

    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(settleTimer);
      quietly(detach);
      resolve({ fields: Object.fromEntries(fields), files, cleanup });
    };

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(settleTimer);
      quietly(detach);
      for (const { file, sink } of open) {
        quietly(() => file.destroy());
        quietly(() => sink.destroy());
      }
      open.clear();
      // A temp file is opened asynchronously: remove the paths only once every stream has
      // closed its handle, or a file opened after the removal would be left behind.
      const settledClose = Promise.race([
        Promise.all(closed),
        new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
      ]);
      void settledClose.then(cleanup).then(
        () => reject(toClientError(err)),
        () => reject(toClientError(err)),
      );
    };

    /**
     * Every listener below runs inside `guard`: the parser calls them from its own stream
     * events and ticks, where a throw would escape every handler and end the process. Here it
     * settles this request instead (a 500 unless it is a refusal).
     */
    const guard =
      <A extends unknown[]>(listener: (...args: A) => void) =>
      (...args: A): void => {
        try {
          listener(...args);
        } catch (err) {
          fail(err);
        }
      };

    // The body deadline (an upload cut for being too slow) settles the request with its reason.
    const onSignal = guard(() => fail(spec.signal?.reason));
    const detach = () => {
      spec.signal?.removeEventListener('abort', onSignal);
      raw.off('data', onData);
      parser.off('drain', onDrain);
      raw.off('aborted', onAborted);
      raw.off('end', onEnd);
      raw.off('error', onRequestError);
      raw.on('error', () => {});
      parser.removeAllListeners('file');
      parser.removeAllListeners('field');
      // Late parser errors after settling are expected (we stopped feeding it); keep them quiet.
      parser.on('error', () => {});
      // The rest of the body is read and dropped, so the connection stays in step.
      if (!raw.readableEnded) raw.resume();
    };

    const maybeFinish = () => {
      if (parserDone && pendingFiles === 0) finish();
    };

    const onAborted = guard(() => fail(badRequest(MULTIPART_MESSAGES.endedEarly)));
    const onRequestError = onAborted;
    // The body is fed to the parser by hand rather than piped, so that a throw from inside the
    // parser (or from a listener it calls synchronously) lands here, not in the socket's event.
    const onData = guard((chunk: Buffer) => {
      if (!parser.write(chunk)) raw.pause();
    });
    const onDrain = guard(() => {
      if (!settled) raw.resume();
    });
    const onEnd = guard(() => {
      parser.end();
      settleTimer = setTimeout(
        guard(() => fail(badRequest(MULTIPART_MESSAGES.endedEarly))),
        SETTLE_AFTER_END_MS,
      );
      settleTimer.unref();
    });

    parser.on(
      'field',
      guard((name: string | undefined, value: string, nameTruncated, valueTruncated) => {
        if (typeof name !== 'string' || name === '') {
          fail(badRequest(MULTIPART_MESSAGES.unnamed));
          return;
        }
        if (nameTruncated || valueTruncated || name.length > MAX_NAME_LENGTH) {
          fail(badRequest(`Field "${shownName(name)}" is too long.`));
          return;
        }
        if (containsNul(name) || containsNul(value)) {
          fail(badRequest(NUL_REFUSED));
          return;
        }
        if (!fields.has(name)) fields.set(name, value);
      }),
    );

    parser.on(
      'file',
      guard(
        (name: string | undefined, file: BusboyFileStream, filename: string, _enc, mimetype) => {
          file.on('error', () => {});
          if (typeof name !== 'string' || name === '') {
            file.resume();
            fail(badRequest(MULTIPART_MESSAGES.unnamed));
            return;
          }
          const rule = Object.hasOwn(spec.files, name) ? spec.files[name] : undefined;
          if (settled || !rule || seen.has(name)) {
            file.resume();
            fail(badRequest(`Unexpected file field "${shownName(name)}".`));
            return;
          }
          seen.add(name);
          const filePath = temp.newPath();
          written.push(filePath);
          pendingFiles += 1;
          let size = 0;
          let head = Buffer.alloc(0);
          const sink = temp.createWriteStream(filePath);
          closed.push(new Promise<void>((resolve) => sink.once('close', () => resolve())));
          const entry = { file, sink };
          open.add(entry);
          const tooLarge = () =>
            payloadTooLarge(rule.tooLarge, [{ field: name, message: rule.tooLarge }]);

          file.on(
            'data',
            guard((chunk: Buffer) => {
              size += chunk.length;
              if (head.length < HEAD_BYTES) {
                head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
              }
              if (size > rule.maxBytes) fail(tooLarge());
            }),
          );
          file.on(
            'limit',
            guard(() => fail(tooLarge())),
          );
          file.on(
            'error',
            guard(() => fail(badRequest(MULTIPART_MESSAGES.endedEarly))),
          );
          sink.on(
            'error',
            guard((err: Error) => fail(err)),
          );
          sink.on(
            'finish',
            guard(() => {
              open.delete(entry);
              pendingFiles -= 1;
              if (settled) return;
              if (file.truncated) return fail(tooLarge());
              if (size > 0) {
                files[name] = { field: name, path: filePath, filename, mimetype, size, head };
              } else {
                // An empty file input submits a zero-byte part without a file name: absent.
                void temp.remove(filePath);
              }
              maybeFinish();
            }),
          );
          file.pipe(sink);
        },
      ),
    );

    const tooMany = guard(() => fail(badRequest(MULTIPART_MESSAGES.tooMany)));
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on(
      'error',
      guard((err: Error) =>
        fail(
          badRequest(
            /unexpected end/i.test(String(err?.message))
              ? MULTIPART_MESSAGES.endedEarly
              : MULTIPART_MESSAGES.malformed,
          ),
        ),
      ),
    );
    parser.on(
      'finish',
      guard(() => {
        parserDone = true;
        // Busboy reports a body that ended early as an error right after its finish.
        setImmediate(guard(maybeFinish));
      }),
    );
    parser.on('drain', onDrain);

    raw.on('aborted', onAborted);
    raw.on('end', onEnd);
    raw.on('error', onRequestError);
    spec.signal?.addEventListener('abort', onSignal, { once: true });
    raw.on('data', onData);
  });
}

/** Settling a request goes on when one of its clean-up steps throws: the answer matters more. */
function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // The stream was already destroyed or detached; nothing is left to undo.
  }
}

function toClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  return storageErrorOf(err) ?? err;
}
