import { API_PATHS } from '@contract';
import type { CommentsMode, Video, VideoUpdate } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { refreshVideoLists } from '../../../lib/video-lists';

export type UpdateVideoInput = {
  id: string;
  fields: VideoUpdate & { commentsMode?: CommentsMode };
  thumbnail: File | null;
};

/** JSON for text-only edits; multipart only when a new thumbnail goes along. */
export function updateVideo({ id, fields, thumbnail }: UpdateVideoInput): Promise<Video> {
  if (!thumbnail) {
    return apiData<Video>(API_PATHS.updateVideo(id), { method: 'PATCH', json: fields });
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
  }
  form.append('thumbnail', thumbnail);
  return apiData<Video>(API_PATHS.updateVideo(id), { method: 'PATCH', form });
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    // A new title, thumbnail or visibility shows in every list that holds the video.
    onSuccess: () => refreshVideoLists(queryClient),
  });
}
