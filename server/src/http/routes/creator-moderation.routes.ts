import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPageSchema,
  API_ROUTES,
  blockedUserSchema,
  channelBlockSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  heldCommentsQuerySchema,
  studioCommentSchema,
} from '@contract';
import type { ChannelBlocks } from '../../services/channel-blocks.js';
import type { CommentService } from '../../services/comment.service.js';
import { ok } from '../envelope.js';
import { pageFields } from './admin-pages.js';

export interface CreatorModerationRoutesDeps {
  blocks: ChannelBlocks;
  comments: CommentService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const userParams = z.object({ userId: z.string().min(1).max(64) });

/** Creators moderate their own channel: blocked users and comments held for approval. */
export const creatorModerationRoutes: FastifyPluginAsyncZod<CreatorModerationRoutesDeps> = async (
  app,
  deps,
) => {
  app.get(
    API_ROUTES.myBlockedUsers,
    {
      schema: {
        tags: ['studio'],
        summary: 'The users you keep from commenting on your videos',
        response: { 200: envelopeSchema(z.array(blockedUserSchema)), ...errors },
      },
    },
    async (request) => ok(await deps.blocks.list(await request.requireViewer()), 'Blocked users.'),
  );

  app.post(
    API_ROUTES.myBlockedUser,
    {
      schema: {
        tags: ['studio'],
        summary: 'Block a user from commenting on your videos (they get 403)',
        params: userParams,
        response: { 200: envelopeSchema(channelBlockSchema), ...errors },
      },
    },
    async (request) => {
      await deps.blocks.block(await request.requireViewer(), request.params.userId);
      return ok({ _id: request.params.userId, blocked: true }, 'User blocked.');
    },
  );

  app.delete(
    API_ROUTES.myBlockedUser,
    {
      schema: {
        tags: ['studio'],
        summary: 'Let a blocked user comment on your videos again',
        params: userParams,
        response: { 200: envelopeSchema(channelBlockSchema), ...errors },
      },
    },
    async (request) => {
      await deps.blocks.unblock(await request.requireViewer(), request.params.userId);
      return ok({ _id: request.params.userId, blocked: false }, 'User unblocked.');
    },
  );

  app.get(
    API_ROUTES.studioHeldComments,
    {
      schema: {
        tags: ['studio'],
        summary: 'Comments on your videos waiting for your approval, newest first',
        querystring: heldCommentsQuerySchema,
        response: { 200: adminPageSchema(studioCommentSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { data, total } = await deps.comments.heldForOwner(
        viewer,
        request.query.page,
        request.query.limit,
      );
      return {
        statusCode: 200,
        success: true as const,
        message: 'Held comments.',
        data,
        ...pageFields(total, request.query),
      };
    },
  );

  app.post(
    API_ROUTES.studioApproveComment,
    {
      schema: {
        tags: ['studio'],
        summary: 'Approve a held comment on your video: everyone sees it from now on',
        params: z.object({ commentId: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => {
      await deps.comments.approve(request.params.commentId, await request.requireViewer());
      return ok({ _id: request.params.commentId }, 'Comment approved.');
    },
  );
};
