import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  WATCH_LATER_ID,
  envelopeSchema,
  errorEnvelopeSchema,
  playlistAddVideoSchema,
  playlistChoiceSchema,
  playlistCreateSchema,
  playlistDetailSchema,
  playlistListSchema,
  playlistMembershipSchema,
  playlistMoveSchema,
  playlistParamsSchema,
  playlistQuerySchema,
  playlistsQuerySchema,
  playlistSummarySchema,
  playlistUpdateSchema,
  playlistVideoParamsSchema,
} from '@contract';
import type { PlaylistService } from '../../services/playlist.service.js';
import { ok } from '../envelope.js';

export interface PlaylistsRoutesDeps {
  playlists: PlaylistService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export const playlistsRoutes: FastifyPluginAsyncZod<PlaylistsRoutesDeps> = async (app, deps) => {
  app.get(
    API_ROUTES.playlists,
    {
      schema: {
        tags: ['playlists'],
        summary:
          'A user’s playlists, newest first: all of the caller’s own (without `owner`, or their id), public ones of anyone else',
        querystring: playlistsQuerySchema,
        response: { 200: playlistListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const { owner, page, limit } = request.query;
      const list = await deps.playlists.list(owner, viewer, page, limit);
      return { statusCode: 200, success: true as const, message: 'Playlists.', ...list };
    },
  );

  app.post(
    API_ROUTES.playlists,
    {
      schema: {
        tags: ['playlists'],
        summary: 'Creates a playlist (private unless told; a description is optional)',
        body: playlistCreateSchema,
        response: { 201: envelopeSchema(playlistSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const playlist = await deps.playlists.create(viewer, request.body);
      return reply.status(201).send(ok(playlist, 'Playlist created.', 201));
    },
  );

  app.get(
    API_ROUTES.watchLater,
    {
      schema: {
        tags: ['playlists'],
        summary: 'The caller’s Watch later: a built-in private playlist, one page of it',
        querystring: playlistQuerySchema,
        response: { 200: envelopeSchema(playlistDetailSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { page, limit } = request.query;
      return ok(await deps.playlists.get(WATCH_LATER_ID, viewer, page, limit), 'Watch later.');
    },
  );

  app.get(
    API_ROUTES.playlist,
    {
      schema: {
        tags: ['playlists'],
        summary:
          'One page of a playlist: public and unlisted ones to anyone with the id, private ones to their owner; videos the caller may not see are left out',
        params: playlistParamsSchema,
        querystring: playlistQuerySchema,
        response: { 200: envelopeSchema(playlistDetailSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const { page, limit } = request.query;
      return ok(await deps.playlists.get(request.params.id, viewer, page, limit), 'Playlist.');
    },
  );

  app.patch(
    API_ROUTES.playlist,
    {
      schema: {
        tags: ['playlists'],
        summary: 'Changes a playlist’s title, description or visibility (owner only)',
        params: playlistParamsSchema,
        body: playlistUpdateSchema,
        response: { 200: envelopeSchema(playlistSummarySchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const playlist = await deps.playlists.update(request.params.id, viewer, request.body);
      return ok(playlist, 'Playlist updated.');
    },
  );

  app.delete(
    API_ROUTES.playlist,
    {
      schema: {
        tags: ['playlists'],
        summary: 'Deletes a playlist (owner only; not Watch later)',
        params: playlistParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.playlists.remove(request.params.id, viewer);
      return ok(null, 'Playlist deleted.');
    },
  );

  app.post(
    API_ROUTES.playlistVideos,
    {
      schema: {
        tags: ['playlists'],
        summary:
          'Adds a video to the end of a playlist (owner only; `watch-later` for Watch later)',
        params: playlistParamsSchema,
        body: playlistAddVideoSchema,
        response: { 200: envelopeSchema(playlistMembershipSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const membership = await deps.playlists.addVideo(
        request.params.id,
        viewer,
        request.body.videoId,
      );
      return ok(membership, 'Saved to the playlist.');
    },
  );

  app.patch(
    API_ROUTES.playlistVideo,
    {
      schema: {
        tags: ['playlists'],
        summary: 'Moves a video of a playlist to a 0-based position (owner only)',
        params: playlistVideoParamsSchema,
        body: playlistMoveSchema,
        response: {
          200: envelopeSchema(z.object({ videoId: z.string(), position: z.number().int() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { id, videoId } = request.params;
      const moved = await deps.playlists.moveVideo(id, viewer, videoId, request.body.position);
      return ok(moved, 'Moved.');
    },
  );

  app.delete(
    API_ROUTES.playlistVideo,
    {
      schema: {
        tags: ['playlists'],
        summary: 'Takes a video out of a playlist (owner only)',
        params: playlistVideoParamsSchema,
        response: { 200: envelopeSchema(playlistMembershipSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { id, videoId } = request.params;
      return ok(
        await deps.playlists.removeVideo(id, viewer, videoId),
        'Removed from the playlist.',
      );
    },
  );

  app.get(
    API_ROUTES.playlistsForVideo,
    {
      schema: {
        tags: ['playlists'],
        summary:
          'The caller’s playlists, Watch later first, each saying whether it holds the video: the Save menu',
        params: z.object({ videoId: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(z.array(playlistChoiceSchema)), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.playlists.choices(request.params.videoId, viewer), 'Playlists.');
    },
  );
};
