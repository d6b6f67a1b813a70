import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server as TusServer } from '@tus/server';
import { TUS_RESUMABLE, type DataStore } from '@tus/utils';
import {
  API_BASE,
  API_ROUTES,
  UPLOAD_ID_PATTERN,
  envelopeSchema,
  errorEnvelopeSchema,
  storageSchema,
  uploadStateSchema,
} from '@contract';
import { badRequest, payloadTooLarge } from '../../lib/errors.js';
import { RETRY_AFTER_STORAGE_SECONDS, STORAGE_UNAVAILABLE } from '../../lib/storage-errors.js';
import { isStoreUnavailable } from '../../storage/s3-calls.js';
import type { UploadRepository } from '../../repositories/upload.repository.js';
import type { EmailVerificationGate } from '../../services/email-verification-gate.js';
import type { UploadService } from '../../services/upload.service.js';
import { UploadLocker } from '../../uploads/upload-locker.js';
import {
  appendedHeaders,
  appendToUpload,
  bodyPastLength,
  patchHeaders,
  TusRefusal,
} from '../../uploads/tus-patch.js';
import { tusDiscoveryHeaders } from '../../uploads/tus-discovery.js';
import { webBody } from '../../uploads/tus-body.js';
import { asTusRefusal, headersOf, parseMetadata, requireTusVersion } from '../tus-request.js';
import { tusIdOf } from '../../uploads/upload-storage.js';
import { fail, ok } from '../envelope.js';
import { slowUpload, watchUploadRate, type RateFloor } from '../upload-rate-guard.js';

export interface UploadsRoutesDeps {
  uploads: UploadService;
  uploadRows: UploadRepository;
  datastore: DataStore;
  maxUploadBytes: number;
  floor: RateFloor;
  /** Unconfirmed addresses may not upload when REQUIRE_EMAIL_VERIFICATION is on. */
  gate: EmailVerificationGate;
}

/** What tus answered, and whether the body was cut (too slow) or its client went away. */
interface Delegated {
  status: number;
  headers: Headers;
  text: string;
  cut: boolean;
  aborted: boolean;
}

/** tus bodies are read by tus itself, never by Fastify. */
export const TUS_BODY_TYPE = 'application/offset+octet-stream';

const isTusBody = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith(TUS_BODY_TYPE);

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  408: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  412: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
  507: errorEnvelopeSchema,
};

const uploadParams = z.object({ uploadId: z.string().min(1).max(64) });

/**
 * Resumable uploads over tus 1.0 at /api/v1/uploads: creation (POST), offset (HEAD), bytes
 * (PATCH) and termination (DELETE), with expiration. @tus/server does the protocol on web
 * Request/Response objects; each route first decides what Fastify decides for every other
 * write (a session, the Origin check, the owner, limits and quotas: refusals in our envelope),
 * then hands tus the request with its body as a stream Fastify never parsed, and sends tus's
 * answer back through Fastify (its errors in our envelope too). The tus lock is the upload's
 * row (UploadLocker), so a resume may land on any server process or machine.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesDeps> = async (app, deps) => {
  // Fastify must not read tus bodies: tus streams them into the store.
  app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));

  /** The id each creation was given (tus asks for it through its naming function). */
  const pendingIds = new WeakMap<Request, string>();
  const uploadsPath = `${API_BASE}${API_ROUTES.uploads}`;
  const locker = new UploadLocker(deps.uploadRows);
  const tus = new TusServer({
    path: uploadsPath,
    datastore: deps.datastore,
    locker,
    maxSize: deps.maxUploadBytes,
    namingFunction: (req) => {
      const id = pendingIds.get(req);
      if (!id) throw new Error('an upload was created without a reserved id');
      return tusIdOf(id);
    },
    // Relative to the site, so a proxy in front needs nothing rewritten.
    generateUrl: (_req, { id }) => `${uploadsPath}/${id.slice('uploads/'.length)}`,
    getFileIdFromRequest: (_req, last) =>
      last && UPLOAD_ID_PATTERN.test(last) ? tusIdOf(last) : undefined,
    // A finished upload waits for its publish; only an unfinished one may be cancelled.
    disableTerminationForFinishedUploads: false,
    // A store that is down or did not answer in time (STORAGE_TIMEOUT_MS) is its condition,
    // not the request's: 503 with Retry-After, as for every other media write.
    onResponseError: (_req, err) =>
      isStoreUnavailable(err) ? { status_code: 503, body: STORAGE_UNAVAILABLE } : undefined,
  });

  /**
   * Hands the request to tus and answers with tus's status and headers; a body (a creation's)
   * is streamed through a rate guard that ends it when the link is too slow.
   */
  async function delegate(
    request: FastifyRequest,
    reply: FastifyReply,
    pendingId?: string,
  ): Promise<Delegated> {
    const method = request.method;
    const hasBody = (method === 'PATCH' || method === 'POST') && isTusBody(request);
    let guard: ReturnType<typeof watchUploadRate> | undefined;
    const streamed = hasBody
      ? webBody(request.raw, (stop) => {
          guard = watchUploadRate(request.raw, deps.floor, stop);
        })
      : undefined;
    const webRequest = new Request(`http://${request.host}${request.url}`, {
      method,
      headers: headersOf(request),
      body: streamed?.body,
      // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types lack it.
      duplex: 'half',
    });
    if (pendingId) pendingIds.set(webRequest, pendingId);
    try {
      const response = await tus.handleWeb(webRequest);
      const text = response.body ? await response.text() : '';
      if (guard?.cut) {
        request.log.warn(
          { uploadId: request.url.split('/').pop(), offset: response.headers.get('upload-offset') },
          'upload cut: slower than the minimum rate',
        );
      }
      return {
        status: response.status,
        headers: response.headers,
        text,
        cut: guard?.cut ?? false,
        aborted: streamed?.aborted ?? false,
      };
    } finally {
      guard?.stop();
      streamed?.dispose();
      void reply;
    }
  }

  /** tus's answer through Fastify: its errors as our envelope, its headers kept. */
  function answer(reply: FastifyReply, result: Delegated) {
    if (result.cut) throw slowUpload();
    for (const [name, value] of result.headers) {
      if (name === 'content-length' || name === 'content-type') continue;
      // tus closes after any creation it failed, with the rest of the body unread: the kernel
      // then resets the connection and the client may never see why (the 413's message).
      // Left open, Node reads the rest of the body away and the answer arrives, as for every
      // refusal Fastify answers before a body; a cut body closes (slowUpload) all the same.
      if (name === 'connection') continue;
      // Who may read the answer cross-origin is @fastify/cors's decision (CORS_ORIGINS), never
      // tus's default `*`; the headers it exposes to those origins are kept.
      if (name === 'access-control-allow-origin' || name === 'access-control-allow-credentials') {
        continue;
      }
      reply.header(name, value);
    }
    reply.status(result.status);
    if (result.status === 503) reply.header('retry-after', String(RETRY_AFTER_STORAGE_SECONDS));
    if (result.status >= 400) {
      return reply.send(fail(result.status, result.text.trim() || 'The upload request failed.'));
    }
    return reply.send();
  }

  app.post(
    API_ROUTES.uploads,
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Create a resumable upload (tus 1.0: Tus-Resumable, Upload-Length, Upload-Metadata with filename and filetype); answers 201 with its Location',
        response: { 201: z.null().describe('Location names the new upload'), ...errors },
      },
    },
    async (request, reply) => {
      requireTusVersion(request);
      const owner = await request.requireViewer();
      deps.gate.assertVerified(owner);
      const length = request.headers['upload-length'];
      if (length === undefined) {
        throw badRequest('Upload-Length is required: the size of the whole file, in bytes.');
      }
      if (typeof length !== 'string' || !/^\d{1,16}$/.test(length)) {
        throw badRequest(
          'Upload-Length is not a valid size: a whole number of bytes, at most 16 digits.',
        );
      }
      const size = Number(length);
      // A body declared longer than the file is refused before anything is reserved or stored.
      const bodyLength = request.headers['content-length'];
      if (isTusBody(request) && bodyLength !== undefined && Number(bodyLength) > size) {
        throw payloadTooLarge(bodyPastLength(size));
      }
      const metadata = parseMetadata(request.headers['upload-metadata']);
      const id = await deps.uploads.reserve(owner.id, {
        size,
        filename: metadata.filename ?? '',
        filetype: metadata.filetype ?? '',
      });
      let result;
      try {
        result = await delegate(request, reply, id);
      } catch (err) {
        await deps.uploads.release(id, { removeBytes: !isStoreUnavailable(err) });
        throw err;
      }
      // Only a 201 gives the client the upload's URL: any other end (refused, failed, cut as
      // too slow, the client gone) leaves an upload no one can resume, so nothing of it stays.
      if (result.status !== 201 || result.cut || result.aborted) {
        await deps.uploads.release(id, { removeBytes: result.status !== 503 });
      }
      // After the size checks above, tus's 413 can only mean a chunked body past Upload-Length;
      // its own text ("Maximum size exceeded") would name a limit that was not passed.
      if (result.status === 413) result = { ...result, text: bodyPastLength(size) };
      return answer(reply, result);
    },
  );

  // tus discovery, for clients that ask before they upload. A CORS preflight from an allowed
  // origin never gets here: @fastify/cors answers it in its hook.
  app.options(
    API_ROUTES.uploads,
    {
      schema: {
        tags: ['uploads'],
        summary:
          'What this tus server speaks: Tus-Version, Tus-Extension and Tus-Max-Size (UPLOAD_MAX_BYTES)',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) =>
      reply.status(204).headers(tusDiscoveryHeaders(deps.maxUploadBytes)).send(null),
  );

  app.patch(
    API_ROUTES.upload,
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Append bytes at Upload-Offset (Content-Type: application/offset+octet-stream); answers the new offset',
        params: uploadParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireTusVersion(request);
      const owner = await request.requireViewer();
      const { uploadId } = request.params;
      if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('Not an upload id.');
      await deps.uploads.ownOpen(owner.id, uploadId);
      const raw = request.raw;
      let guard: ReturnType<typeof watchUploadRate> | undefined;
      let done;
      try {
        done = await appendToUpload({
          datastore: deps.datastore,
          locker,
          id: tusIdOf(uploadId),
          body: raw,
          headers: patchHeaders(raw.headers),
          onFlowing: (stop) => {
            guard = watchUploadRate(raw, deps.floor, stop);
          },
        });
      } catch (err) {
        // A store that is down or too slow (STORAGE_TIMEOUT_MS) is its condition, as for
        // tus's other requests: 503 with Retry-After; the client resumes from HEAD's offset.
        const refused = isStoreUnavailable(err)
          ? new TusRefusal(503, STORAGE_UNAVAILABLE)
          : asTusRefusal(err);
        if (!refused) throw err;
        if (refused.status === 503) {
          reply.header('retry-after', String(RETRY_AFTER_STORAGE_SECONDS));
        }
        // The body was not read: the connection cannot carry another request.
        if (!raw.complete) reply.header('connection', 'close');
        reply.header('tus-resumable', TUS_RESUMABLE);
        return reply.status(refused.status).send(fail(refused.status, refused.message));
      } finally {
        guard?.stop();
      }
      if (guard?.cut) {
        request.log.warn(
          { uploadId, offset: done.offset },
          'upload cut: slower than the minimum rate',
        );
        throw slowUpload();
      }
      return reply.status(204).headers(appendedHeaders(done)).send(null);
    },
  );

  for (const method of ['HEAD', 'DELETE'] as const) {
    app.route({
      method,
      url: API_ROUTES.upload,
      schema: {
        tags: ['uploads'],
        summary: {
          HEAD: 'How much of an upload has arrived (Upload-Offset, Upload-Length)',
          DELETE: 'Cancel an unfinished upload: its bytes are removed',
        }[method],
        params: uploadParams,
        response: { 200: z.null(), 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        requireTusVersion(request);
        const owner = await request.requireViewer();
        const { uploadId } = request.params as z.infer<typeof uploadParams>;
        if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('Not an upload id.');
        await deps.uploads.ownOpen(owner.id, uploadId);
        const result = await delegate(request, reply);
        if (method === 'DELETE' && (result.status === 204 || result.status === 404)) {
          await deps.uploads.terminated(uploadId);
        }
        return answer(reply, result);
      },
    });
  }

  // The upload's state as JSON for clients that do not speak tus; tus's own HEAD is above.
  app.get(
    API_ROUTES.upload,
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['uploads'],
        summary:
          'An unfinished upload as JSON: its size, how much has arrived, and when it expires (HEAD answers the same for tus clients)',
        params: uploadParams,
        response: { 200: envelopeSchema(uploadStateSchema), ...errors },
      },
    },
    async (request) => {
      const owner = await request.requireViewer();
      const { uploadId } = request.params;
      if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('Not an upload id.');
      const row = await deps.uploads.ownOpen(owner.id, uploadId);
      const stored = await deps.datastore.getUpload(tusIdOf(uploadId));
      return ok(
        {
          uploadId,
          filename: row.filename,
          size: row.size,
          offset: stored.offset,
          expiresAt: new Date(row.expires_at).toISOString(),
        },
        stored.offset === row.size ? 'Upload complete.' : 'Upload in progress.',
      );
    },
  );

  app.get(
    API_ROUTES.myStorage,
    {
      schema: {
        tags: ['uploads'],
        summary:
          'What the signed-in user stores (originals, outputs and open uploads), their quotas (null: none) and the upload size limit',
        response: { 200: envelopeSchema(storageSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.uploads.storageOf(viewer.id), 'Storage.');
    },
  );
};
