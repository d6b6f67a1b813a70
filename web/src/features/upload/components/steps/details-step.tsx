import { LIMITS } from '@contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { inputClass } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import type { DetailsValues, UploadErrors } from '../../utils/upload-rules';
import { CreatePlaylistDialog } from './create-playlist-dialog';
import { PlaylistSelector } from './playlist-selector';
import { CharacterCount, FieldFrame } from './field-frame';
import { ThumbnailPicker } from './thumbnail-picker';

type DetailsStepProps = {
  /** The video being uploaded: the thumbnail field offers frames of it. */
  videoFile: File;
  values: DetailsValues;
  errors: UploadErrors;
  onChange: (patch: Partial<DetailsValues>) => void;
  onThumbnailProblem: (problem: string | null) => void;
};

export function DetailsStep({
  videoFile,
  values,
  errors,
  onChange,
  onThumbnailProblem,
}: DetailsStepProps) {
  const [playlistOpen, setPlaylistOpen] = useState(false);

  return (
    <div className="flex flex-col gap-5">
      <FieldFrame
        label="Title"
        error={errors.title}
        aside={<CharacterCount value={values.title} max={LIMITS.titleMax} />}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={values.title}
            maxLength={LIMITS.titleMax}
            placeholder="Add a title that describes your video"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ title: event.currentTarget.value })}
            className={inputClass}
          />
        )}
      </FieldFrame>

      <FieldFrame
        label="Description"
        error={errors.description}
        aside={<CharacterCount value={values.description} max={LIMITS.descriptionMax} />}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            rows={4}
            value={values.description}
            maxLength={LIMITS.descriptionMax}
            placeholder="Tell viewers about your video"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ description: event.currentTarget.value })}
            className={cn(inputClass, 'resize-y')}
          />
        )}
      </FieldFrame>

      <ThumbnailPicker
        frames={{ file: videoFile }}
        file={values.thumbnail}
        error={errors.thumbnail}
        onChange={(file, problem) => {
          onChange({ thumbnail: file });
          onThumbnailProblem(problem);
        }}
      />

      <section aria-labelledby="upload-playlists" className="flex flex-col gap-2">
        <h4 id="upload-playlists" className="text-sm font-medium text-ink">
          Playlists
        </h4>
        <p className="text-xs text-ink-muted">
          Add your video to one or more playlists to organise your content for viewers.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <PlaylistSelector
            value={values.playlists ?? []}
            onChange={(playlists) => onChange({ playlists })}
          />
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => setPlaylistOpen(true)}
          >
            <Plus className="size-4" aria-hidden />
            New playlist
          </button>
        </div>
      </section>
      <CreatePlaylistDialog
        open={playlistOpen}
        onClose={() => setPlaylistOpen(false)}
        onCreated={(playlist) =>
          onChange({ playlists: [...(values.playlists ?? []), playlist._id] })
        }
      />
    </div>
  );
}
