import { WATCH_LATER_ID, type Video } from '@contract';
import { Clock, ListPlus, MoreVertical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { DropdownMenu, MenuButton } from '../../../components/ui/menu';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useAuth } from '../../auth';
import { useSetInPlaylist } from '../api/playlist-mutations';
import { SAVED_TO_WATCH_LATER } from '../utils/messages';
// Only opened on demand: kept out of every page's code that shows cards.
const SaveDialog = lazy(() =>
  import('./save-dialog').then((module) => ({ default: module.SaveDialog })),
);

/** Every card's menu, for the signed-in: Save to Watch later, and Save to a playlist. */
export function VideoCardActions({ video }: { video: Video }) {
  const { isAuthenticated } = useAuth();
  const [saving, setSaving] = useState(false);
  const save = useSetInPlaylist();
  if (!isAuthenticated) return null;
  return (
    <>
      <DropdownMenu
        label={`Actions for ${video.title}`}
        trigger={<MoreVertical className="size-5" aria-hidden />}
        triggerClassName={`${buttonStyles.icon} size-9`}
      >
        <MenuButton
          icon={Clock}
          onSelect={() =>
            save.mutate({ playlistId: WATCH_LATER_ID, videoId: video._id, save: true })
          }
        >
          Save to Watch later
        </MenuButton>
        <MenuButton icon={ListPlus} onSelect={() => setSaving(true)}>
          Save to playlist
        </MenuButton>
      </DropdownMenu>
      <span role="status" className="sr-only">
        {save.isSuccess ? SAVED_TO_WATCH_LATER : ''}
      </span>
      {saving ? (
        <Suspense fallback={null}>
          <SaveDialog videoId={video._id} open onClose={() => setSaving(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
