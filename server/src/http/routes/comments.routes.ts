import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  commentBodySchema,
  commentListQuerySchema,
  commentListSchema,
  commentSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  replySchema,
} from '@contract';
import type { CommentService } from '../../services/comment.service.js';
import { ok } from '../envelope.js';

export interface CommentsRoutesDeps {
  comments: CommentService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

// Malformed ids are a 404 from the service, like unknown ones, never a validation 400.
const videoParams = z.object({ videoId: z.string().min(1).max(64) });
const commentParams = z.object({ commentId: z.string().min(1).max(64) });

export const commentsRoutes: FastifyPluginAsyncZod<CommentsRoutesDeps> = async (app, deps) => {
  app.get(
    API_ROUTES.videoComments,
    {
      schema: {
        tags: ['comments'],
        summary:
          'A page of a video’s top-level comments (newest first) with their replies; readable by visitors',
        params: videoParams,
        querystring: commentListQuerySchema,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await deps.comments.list(
        request.params.videoId,
        request.query,
        await request.viewer(),
      );
      return { statusCode: 200, success: true as const, message: 'Comments found.', ...page };
    },
  );

  app.post(
    API_ROUTES.createComment,
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment on a video (4 to 5000 characters after trimming)',
        params: videoParams,
        body: commentBodySchema,
        response: { 201: envelopeSchema(commentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const comment = await deps.comments.create(
        request.params.videoId,
        viewer,
        request.body.content,
      );
      return reply.status(201).send(ok(comment, 'Comment added.', 201));
    },
  );

  app.post(
    API_ROUTES.replyComment,
    {
      schema: {
        tags: ['comments'],
        summary: 'Reply to a comment; a reply to a reply joins the top-level comment',
        params: commentParams,
        body: commentBodySchema,
        response: { 201: envelopeSchema(replySchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const created = await deps.comments.reply(
        request.params.commentId,
        viewer,
        request.body.content,
      );
      return reply.status(201).send(ok(created, 'Reply added.', 201));
    },
  );

  app.patch(
    API_ROUTES.editComment,
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit a comment or reply (author only)',
        params: commentParams,
        body: commentBodySchema,
        response: { 200: envelopeSchema(commentSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const comment = await deps.comments.edit(
        request.params.commentId,
        viewer,
        request.body.content,
      );
      return ok(comment, 'Comment updated.');
    },
  );

  app.delete(
    API_ROUTES.deleteComment,
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment with its replies and their likes (author only)',
        params: commentParams,
        response: { 200: envelopeSchema(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.comments.remove(request.params.commentId, viewer);
      return ok({ _id: request.params.commentId }, 'Comment deleted.');
    },
  );
};
