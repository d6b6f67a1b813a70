import { API_PATHS, type Caption } from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** A subtitle file for one language, as the upload wizard and the studio collect it. */
export type SubtitleDraft = { language: string; label?: string; file: File };

const captionKeys = { of: (videoId: string) => ['videos', 'captions', videoId] as const };

/** Adds (or replaces) one language's captions; answers the video's tracks. */
export function addCaption(videoId: string, draft: SubtitleDraft): Promise<Caption[]> {
  const form = new FormData();
  form.append('language', draft.language.trim());
  if (draft.label?.trim()) form.append('label', draft.label.trim());
  form.append('file', draft.file);
  return apiData<Caption[]>(API_PATHS.videoCaptions(videoId), { method: 'POST', form });
}

export function deleteCaption(videoId: string, language: string): Promise<Caption[]> {
  return apiData<Caption[]>(API_PATHS.videoCaption(videoId, language), { method: 'DELETE' });
}

/** The video's caption tracks, shared with the player's cache of them. */
export function useCaptionList(videoId: string) {
  return useQuery({
    queryKey: captionKeys.of(videoId),
    queryFn: ({ signal }) => apiData<Caption[]>(API_PATHS.videoCaptions(videoId), { signal }),
  });
}

export function useChangeCaptions(videoId: string) {
  const client = useQueryClient();
  const settle = (tracks: Caption[]) => client.setQueryData(captionKeys.of(videoId), tracks);
  const add = useMutation({
    mutationFn: (draft: SubtitleDraft) => addCaption(videoId, draft),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (language: string) => deleteCaption(videoId, language),
    onSuccess: settle,
  });
  return { add, remove };
}
