import { API_PATHS } from '@contract';
import type { LikeKind, LikeTarget, LikeToggle } from '@contract';
import { apiRequest } from '../../../lib/api-client';

export type ToggleLikeInput = { objectId: string; kind: LikeKind; contentType: LikeTarget };

/** Toggles the viewer's like or dislike; the answer carries its fields at the top level. */
export function toggleLike({ objectId, kind, contentType }: ToggleLikeInput): Promise<LikeToggle> {
  return apiRequest<LikeToggle>(API_PATHS.toggleLike(objectId, kind), {
    method: 'POST',
    json: { contentType },
  });
}
