import { API_PATHS } from '@contract';
import type { SessionUser } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoListRoots } from '../../../lib/video-lists';
import { sessionQueryKey } from '../../auth';

export type ProfileInput = {
  fullName?: string;
  bio?: string;
  avatar?: File | null;
  coverImage?: File | null;
};

/** JSON for the text fields; multipart when it carries a picture. */
export async function updateProfile(input: ProfileInput): Promise<SessionUser> {
  const { avatar, coverImage, ...fields } = input;
  if (avatar || coverImage) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) form.append(name, value);
    }
    if (avatar) form.append('avatar', avatar);
    if (coverImage) form.append('coverImage', coverImage);
    return (await apiData<{ user: SessionUser }>(API_PATHS.me, { method: 'PATCH', form })).user;
  }
  return (await apiData<{ user: SessionUser }>(API_PATHS.me, { method: 'PATCH', json: fields }))
    .user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      // The channel page and the session show the new name, bio and pictures.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: videoListRoots.channels });
    },
  });
}
