import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, errorEnvelopeSchema, oembedQuerySchema, oembedSchema } from '@contract';
import type { LinkPreviews } from '../../services/link-previews.js';
import { siteOrigin } from '../site-origin.js';

/** oEmbed (public): the specification's JSON at the top level, not in the envelope. */
export const linkPreviewsRoutes: FastifyPluginAsyncZod<{
  previews: LinkPreviews;
  publicUrl: string | undefined;
}> = async (app, deps) => {
  app.get(
    API_ROUTES.oembed,
    {
      schema: {
        tags: ['videos'],
        summary:
          'oEmbed 1.0 for a watch or embed URL of this site: type video, an iframe to /embed/{id}, title, author and thumbnail, at the top level (404 for what a visitor may not find)',
        querystring: oembedQuerySchema,
        response: {
          200: oembedSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          501: errorEnvelopeSchema,
        },
      },
    },
    async (request) => deps.previews.oembed(request.query, siteOrigin(request, deps.publicUrl)),
  );
};
