import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VideoService } from '../../services/video.service.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// A private file may sit in the owner's browser cache, never in a shared one.
const OWNER_ONLY = 'private, max-age=3600';

/**
 * Video files are checked against their video's visibility before the bytes go out; images and
 * other media stay plain static files. Registered after the static media plugin, whose
 * `reply.sendFile` serves the bytes with Range support.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ videos: VideoService }> = async (app, deps) => {
  app.get(
    '/media/videos/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[0-9a-f]{24}\.[a-z0-9]{2,4}$/) }),
      },
      // A malformed name is simply not a file we have.
      attachValidation: true,
    },
    async (request, reply) => {
      const file = request.validationError ? 'invalid.x' : request.params.file;
      const access = await deps.videos.authorizeFile(file, await request.viewer());
      reply.header('cache-control', access.shared ? IMMUTABLE : OWNER_ONLY);
      return reply.sendFile(access.key, { cacheControl: false });
    },
  );
};
