import { API_PATHS } from '@contract';
import { apiData } from '../../../lib/api-client';

/** Deletes one of the caller's own videos with everything attached to it. */
export function deleteVideo(id: string): Promise<{ _id: string }> {
  return apiData<{ _id: string }>(API_PATHS.deleteVideo(id), { method: 'DELETE' });
}
