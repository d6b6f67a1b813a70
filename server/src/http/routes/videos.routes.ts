import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  MESSAGES,
  envelopeSchema,
  errorEnvelopeSchema,
  suggestionSchema,
  suggestionsQuerySchema,
  videoDetailSchema,
  videoListQuerySchema,
  videoListSchema,
  videoSearchListSchema,
  videoEditBody,
  videoSchema,
  videoUploadBody,
  videoSearchQuerySchema,
  trendingQuerySchema,
  viewCountSchema,
} from '@contract';
import { badRequest, unsupportedMedia } from '../../lib/errors.js';
import type { UploadService } from '../../services/upload.service.js';
import type { SearchService } from '../../services/search.service.js';
import type { VideoPublishService } from '../../services/video-publish.service.js';
import type { VideoPage, VideoService } from '../../services/video.service.js';
import { slowUpload, watchUploadRate, type RateFloor } from '../upload-rate-guard.js';
import type { TempFiles } from '../../storage/temp-files.js';
import type { TrendingService } from '../../services/trending.js';
import { formFieldsOrThrow } from '../../lib/form-body.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { fail, ok } from '../envelope.js';
import { sendStored } from '../stored-bytes.js';
import { isMultipart, readMultipart } from '../multipart.js';

export interface VideosRoutesDeps {
  videos: VideoService;
  publishing: VideoPublishService;
  search: SearchService;
  trending: TrendingService;
  uploads: UploadService;
  temp: TempFiles;
  /** The minimum rate a video upload's body must keep. */
  floor: RateFloor;
  /** Where a download's bytes are read from, by range. */
  blobs: Pick<BlobStore, 'open'>;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  408: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  507: errorEnvelopeSchema,
};

// Malformed ids are a 404 from the service, like unknown ones, never a validation 400.
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Room for a description of 5,000 characters at up to 4 bytes each in UTF-8. */
const MAX_FIELD_BYTES = 32 * 1024;

function listAnswer<P extends VideoPage>(page: P, message: string) {
  return { statusCode: 200, success: true as const, message, ...page };
}

export const videosRoutes: FastifyPluginAsyncZod<VideosRoutesDeps> = async (app, deps) => {
  app.post(
    API_ROUTES.publishVideo,
    {
      schema: {
        tags: ['videos'],
        summary: 'Upload a video (multipart/form-data); it is processed after this answers',
        formBody: videoUploadBody,
        response: { 201: envelopeSchema(videoSchema), ...errors },
      },
    },
    async (request, reply) => {
      const owner = await request.requireViewer();
      deps.publishing.assertMayUpload(owner);
      // The operator's limit (UPLOAD_MAX_BYTES), refused from Content-Length before any byte
      // is read when the body is larger than any allowed video and thumbnail could be.
      const { maxUploadBytes, maxUploadMessage } = await deps.uploads.storageOf(owner.id);
      const declared = Number(request.headers['content-length']);
      if (
        declared >
        maxUploadBytes + videoUploadBody.files.thumbnail!.maxBytes + MAX_FIELD_BYTES * 20
      ) {
        await deps.uploads.assertUploadSize(owner.id, declared);
      }
      if (declared > 0) await deps.uploads.assertRoomFor(declared);
      // A body slower than the floor is cut (its temp files removed); a steady slow link is not.
      const cut = new AbortController();
      const guard = watchUploadRate(request.raw, deps.floor, () => {
        request.log.warn({ route: 'publishavideo' }, 'upload cut: slower than the minimum rate');
        cut.abort(slowUpload());
      });
      let form;
      try {
        form = await readMultipart(request, deps.temp, {
          files: {
            ...videoUploadBody.files,
            videoFile: { maxBytes: maxUploadBytes, tooLarge: maxUploadMessage },
          },
          maxFieldBytes: MAX_FIELD_BYTES,
          signal: cut.signal,
        });
      } finally {
        guard.stop();
      }
      try {
        const fields = formFieldsOrThrow(
          videoUploadBody,
          form.fields,
          form.files,
          'The upload is not valid.',
        );
        if (fields.uploadId && form.files.videoFile) {
          throw badRequest('Send either videoFile or uploadId, not both.', [
            { field: 'uploadId', message: 'Send either videoFile or uploadId, not both.' },
          ]);
        }
        const video = await deps.publishing.publish({
          owner,
          fields,
          videoFile: fields.uploadId ? undefined : form.files.videoFile,
          thumbnail: form.files.thumbnail!,
        });
        return reply.status(201).send(ok(video, 'Video uploaded; processing.', 201));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    API_ROUTES.videos,
    {
      schema: {
        tags: ['videos'],
        summary: 'The public feed, or one user’s videos with query={userId}',
        querystring: videoListQuerySchema,
        response: { 200: videoListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const page = await deps.videos.list(request.query, await request.viewer());
      return listAnswer(page, 'Videos found.');
    },
  );

  app.get(
    API_ROUTES.searchVideos,
    {
      schema: {
        tags: ['videos'],
        summary:
          'Public videos whose title or hashtag contains q (case-insensitive), newest first unless sortBy says otherwise, with upload-date and duration filters; counted and paged up to 1,000 matches (other orders rank the newest 1,000)',
        querystring: videoSearchQuerySchema,
        response: { 200: videoSearchListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => listAnswer(await deps.search.search(request.query), 'Search results.'),
  );

  app.get(
    API_ROUTES.trendingVideos,
    {
      schema: {
        tags: ['videos'],
        summary:
          'Trending: public videos by their views of the last 7 days, each day older weighing half as much; at most 100, new views counted within a minute',
        querystring: trendingQuerySchema,
        response: { 200: videoListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return listAnswer(await deps.trending.page(page, limit), 'Trending videos.');
    },
  );

  app.get(
    API_ROUTES.videoSuggestions,
    {
      schema: {
        tags: ['videos'],
        summary: 'At most 5 public video titles containing q',
        querystring: suggestionsQuerySchema,
        response: { 200: envelopeSchema(z.array(suggestionSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await deps.search.suggestions(request.query.q), 'Suggestions.'),
  );

  app.get(
    API_ROUTES.video,
    {
      schema: {
        tags: ['videos'],
        summary: 'One video with its counts and the viewer’s like and subscription state',
        params: idParams,
        response: { 200: envelopeSchema(videoDetailSchema), ...errors },
      },
    },
    async (request) => {
      const video = await deps.videos.get(request.params.id, await request.viewer());
      return ok(video, 'Video found.');
    },
  );

  app.post(
    API_ROUTES.increaseViews,
    {
      schema: {
        tags: ['videos'],
        summary: 'Count a view (once per viewer per video per hour) and record watch history',
        params: idParams,
        response: { 200: envelopeSchema(viewCountSchema), ...errors },
      },
    },
    async (request) => {
      const result = await deps.videos.countView(
        request.params.id,
        await request.viewer(),
        request.ip,
      );
      return ok(result, result.counted ? 'View counted.' : 'View already counted.');
    },
  );

  app.delete(
    API_ROUTES.deleteVideo,
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete a video, its files and everything attached to it (owner only)',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.videos.remove(request.params.id, viewer);
      return ok({ _id: request.params.id }, 'Video deleted.');
    },
  );

  app.patch(
    API_ROUTES.updateVideo,
    {
      schema: {
        tags: ['videos'],
        summary:
          'Edit title, description, hashtag, visibility (JSON, or multipart/form-data with an optional new thumbnail; owner only)',
        consumes: ['application/json', 'multipart/form-data'],
        formBody: videoEditBody,
        params: idParams,
        response: { 200: envelopeSchema(videoSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      if (!isMultipart(request)) {
        const body = request.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          const type = request.headers['content-type'];
          const refuse =
            type && !/^application\/json\b/i.test(type) ? unsupportedMedia : badRequest;
          throw refuse('Expected a JSON object or a multipart/form-data body.');
        }
        const video = await deps.videos.update(request.params.id, viewer, {
          fields: body as Record<string, unknown>,
          thumbnail: undefined,
        });
        return ok(video, 'Video updated.');
      }
      const form = await readMultipart(request, deps.temp, {
        files: videoEditBody.files,
        maxFieldBytes: MAX_FIELD_BYTES,
      });
      try {
        const video = await deps.videos.update(request.params.id, viewer, {
          fields: form.fields,
          thumbnail: form.files.thumbnail,
        });
        return ok(video, 'Video updated.');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.post(
    API_ROUTES.retryProcessing,
    {
      schema: {
        tags: ['videos'],
        summary:
          'Process a video whose processing failed again, from its kept original (owner only)',
        params: idParams,
        response: { 200: envelopeSchema(videoSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const video = await deps.videos.retryProcessing(request.params.id, viewer);
      return ok(video, 'Processing queued again.');
    },
  );

  app.get(
    API_ROUTES.downloadVideo,
    {
      schema: {
        tags: ['videos'],
        summary:
          'The video file as an attachment named video-{id}.mp4; a Range resumes a broken download (206)',
        params: idParams,
        produces: ['video/mp4', 'video/webm', 'video/quicktime'],
        response: {
          200: z.unknown().describe('The video bytes'),
          206: z.unknown().describe('The bytes of the range asked for'),
          404: errorEnvelopeSchema,
          416: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await deps.videos.download(request.params.id, await request.viewer());
      reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store');
      return sendStored(request, reply, deps.blobs, file, (gone) =>
        gone.status(404).send(fail(404, MESSAGES.videoNotFoundApi)),
      );
    },
  );
};
