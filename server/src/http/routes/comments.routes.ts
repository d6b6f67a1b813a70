import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  commentBodySchema,
  commentListQuerySchema,
  commentListSchema,
  commentSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  GOVERNANCE_MESSAGES,
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
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

// Malformed ids are a 404 from the service, like unknown ones, never a validation 400.
const videoParams = z.object({ videoId: z.string().min(1).max(64) });
const commentParams = z.object({ commentId: z.string().min(1).max(64) });

export const commentsRoutes: FastifyPluginAsyncZod<CommentsRoutesDeps> = async (app, deps) => {
  // Comments and replies count against one limit per account and per address, before the
  // body is checked, so a flood costs no lookups (429 with Retry-After).
  const countComment = async (request: FastifyRequest) =>
    deps.comments.count(await request.requireViewer(), request.ip);

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
      preValidation: countComment,
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const comment = await deps.comments.create(
        request.params.videoId,
        viewer,
        request.body.content,
      );
      const message = comment.held ? GOVERNANCE_MESSAGES.commentHeld : 'Comment added.';
      return reply.status(201).send(ok(comment, message, 201));
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
      preValidation: countComment,
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const created = await deps.comments.reply(
        request.params.commentId,
        viewer,
        request.body.content,
      );
      const message = created.held ? GOVERNANCE_MESSAGES.commentHeld : 'Reply added.';
      return reply.status(201).send(ok(created, message, 201));
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
        summary:
          'Delete a comment with its replies and their likes (its author, the video’s owner, or staff)',
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
