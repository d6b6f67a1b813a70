import type { PlaylistChoice } from '@contract';
import { Globe, Link2, Lock, Plus } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePlaylistChoices } from '../api/playlist-choices';
import { addToPlaylist, useCreatePlaylist, useSetInPlaylist } from '../api/playlist-mutations';
import { PlaylistForm, type PlaylistFields } from './playlist-form';

const VISIBILITY_ICONS = { private: Lock, unlisted: Link2, public: Globe } as const;

function ChoiceRow({ choice, videoId }: { choice: PlaylistChoice; videoId: string }) {
  const toggle = useSetInPlaylist();
  const Icon = VISIBILITY_ICONS[choice.visibility];
  // Shown as asked for until the list comes back, so a click answers at once.
  const checked = toggle.isPending ? toggle.variables.save : choice.containsVideo;
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-hover">
        <input
          type="checkbox"
          checked={checked}
          disabled={toggle.isPending}
          onChange={(event) =>
            toggle.mutate({ playlistId: choice._id, videoId, save: event.currentTarget.checked })
          }
          className="size-4 accent-accent"
        />
        <span className="min-w-0 flex-1 truncate text-sm text-ink-strong">{choice.title}</span>
        <Icon className="size-4 shrink-0 text-ink-muted" aria-label={choice.visibility} />
      </label>
      {toggle.isError ? (
        <p role="alert" className="px-2 text-xs text-red-400">
          {errorMessage(toggle.error, 'That did not save.')}
        </p>
      ) : null}
    </li>
  );
}

/**
 * "Save to…": the viewer's playlists as checkboxes (Watch later first), each saving or taking
 * out the video at once, and a form for a new playlist that the video goes into.
 */
export function SaveDialog({
  videoId,
  open,
  onClose,
}: {
  videoId: string;
  open: boolean;
  onClose: () => void;
}) {
  const choices = usePlaylistChoices(videoId, open);
  const [creating, setCreating] = useState(false);
  const create = useCreatePlaylist();
  const setIn = useSetInPlaylist();

  const close = () => {
    setCreating(false);
    create.reset();
    onClose();
  };

  const submit = (fields: PlaylistFields) =>
    create.mutate(fields, {
      onSuccess: async (playlist) => {
        await addToPlaylist(playlist._id, videoId).catch((error: unknown) =>
          console.error('Saving to the new playlist failed', error),
        );
        setIn.reset();
        await choices.refetch();
        setCreating(false);
      },
    });

  return (
    <Dialog open={open} onClose={close} title="Save video to…">
      {choices.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading playlists" />
        </div>
      ) : choices.isLoadingError ? (
        <FormError message={errorMessage(choices.error, 'Your playlists could not be loaded.')} />
      ) : (
        <ul aria-label="Playlists" className="-mx-2 flex max-h-72 flex-col overflow-y-auto">
          {choices.data.map((choice) => (
            <ChoiceRow key={choice._id} choice={choice} videoId={videoId} />
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-line pt-4">
        {creating ? (
          <PlaylistForm
            submitLabel="Create"
            pending={create.isPending}
            error={create.error}
            withDescription={false}
            onSubmit={submit}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <button
            type="button"
            className={`${buttonStyles.ghost} w-full justify-start`}
            onClick={() => setCreating(true)}
          >
            <Plus className="size-5" aria-hidden />
            Create new playlist
          </button>
        )}
      </div>
    </Dialog>
  );
}
