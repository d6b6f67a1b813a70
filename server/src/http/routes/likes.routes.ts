import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  errorEnvelopeSchema,
  likedVideosQuerySchema,
  likedVideosSchema,
  likeToggleBodySchema,
  likeToggleParamsSchema,
  likeToggleSchema,
} from '@contract';
import type { LikeService } from '../../services/like.service.js';

export interface LikesRoutesDeps {
  likes: LikeService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

export const likesRoutes: FastifyPluginAsyncZod<LikesRoutesDeps> = async (app, deps) => {
  app.post(
    API_ROUTES.toggleLike,
    {
      schema: {
        tags: ['likes'],
        summary:
          'Toggle a like or dislike on a video or comment: the same action twice removes it, the other replaces it',
        params: likeToggleParamsSchema,
        body: likeToggleBodySchema,
        response: { 200: likeToggleSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { objectId, type } = request.params;
      const state = await deps.likes.toggle(request.body.contentType, objectId, type, viewer);
      const message = state.isLikedByUser
        ? 'Liked.'
        : state.isDislikedByUser
          ? 'Disliked.'
          : 'Removed.';
      return { statusCode: 200, success: true as const, message, ...state };
    },
  );

  app.get(
    API_ROUTES.likedVideos,
    {
      schema: {
        tags: ['likes'],
        summary: 'Videos the caller liked, newest like first (private ones only if theirs)',
        querystring: likedVideosQuerySchema,
        response: { 200: likedVideosSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const page = await deps.likes.likedVideos(viewer, request.query);
      return { statusCode: 200, success: true as const, message: 'Liked videos.', ...page };
    },
  );
};
