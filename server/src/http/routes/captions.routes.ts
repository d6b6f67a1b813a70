import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  captionSchema,
  captionUploadBody,
  envelopeSchema,
  errorEnvelopeSchema,
  textParam,
} from '@contract';
import type { CaptionService } from '../../services/captions.service.js';
import type { TempFiles } from '../../storage/temp-files.js';
import { ok } from '../envelope.js';
import { readMultipart } from '../multipart.js';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
};
const idParams = z.object({ id: z.string().min(1).max(64) });
const list = envelopeSchema(z.array(captionSchema));

/**
 * Caption tracks of a video. GET is public (the video's own visibility decides, 404 for a
 * private one); POST (multipart) and DELETE need a session (not in PUBLIC_OPERATIONS) and the
 * video's owner.
 */
export const captionsRoutes: FastifyPluginAsyncZod<{
  captions: CaptionService;
  temp: TempFiles;
}> = async (app, deps) => {
  app.get(
    API_ROUTES.videoCaptions,
    {
      schema: {
        tags: ['captions'],
        summary: 'A video’s caption tracks: language, label and WebVTT URL',
        params: idParams,
        response: { 200: list, ...errors },
      },
    },
    async (request) =>
      ok(await deps.captions.list(request.params.id, await request.viewer()), 'Captions.'),
  );

  app.post(
    API_ROUTES.videoCaptions,
    {
      schema: {
        tags: ['captions'],
        summary:
          'Add (or replace) one language’s captions from a SubRip or WebVTT file, stored as sanitised WebVTT (owner only; multipart/form-data)',
        params: idParams,
        formBody: captionUploadBody,
        response: { 200: list, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const form = await readMultipart(request, deps.temp, {
        files: captionUploadBody.files,
        maxFieldBytes: 1024,
      });
      try {
        const captions = await deps.captions.add(
          request.params.id,
          viewer,
          form.fields,
          form.files.file,
        );
        return ok(captions, 'Captions saved.');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.delete(
    API_ROUTES.videoCaption,
    {
      schema: {
        tags: ['captions'],
        summary: 'Remove one language’s captions (owner only)',
        params: idParams.extend({ language: textParam('The language', 35) }),
        response: { 200: list, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const captions = await deps.captions.remove(
        request.params.id,
        viewer,
        request.params.language,
      );
      return ok(captions, 'Captions removed.');
    },
  );
};
