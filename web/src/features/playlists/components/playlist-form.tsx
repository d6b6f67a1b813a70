import { LIMITS, VISIBILITIES, type Visibility } from '@contract';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { errorMessage, isApiError } from '../../../lib/api-client';

export type PlaylistFields = { title: string; description: string; visibility: Visibility };

const VISIBILITY_LABELS: Record<Visibility, string> = {
  private: 'Private',
  unlisted: 'Unlisted',
  public: 'Public',
};

type PlaylistFormProps = {
  initial?: Partial<PlaylistFields>;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Leaves the description out (the Save menu's quick form). */
  withDescription?: boolean;
  onSubmit: (fields: PlaylistFields) => void;
  onCancel?: () => void;
};

/**
 * A playlist's title, description and visibility, with the product's limits (100 and 5000).
 * A title is required; the server's own refusal is shown as it words it.
 */
export function PlaylistForm({
  initial = {},
  submitLabel,
  pending,
  error,
  withDescription = true,
  onSubmit,
  onCancel,
}: PlaylistFormProps) {
  const [title, setTitle] = useState(initial.title ?? '');
  const [description, setDescription] = useState(initial.description ?? '');
  const [visibility, setVisibility] = useState<Visibility>(initial.visibility ?? 'private');
  const [missingTitle, setMissingTitle] = useState(false);
  const ids = { title: useId(), description: useId(), visibility: useId(), titleError: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A form inside another form's dialog must not submit the outer one.
    event.stopPropagation();
    if (title.trim() === '') {
      setMissingTitle(true);
      return;
    }
    onSubmit({ title: title.trim(), description: description.trim(), visibility });
  };

  const fieldErrors = isApiError(error) ? error.fieldErrors.map((e) => e.message) : [];
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Playlist details"
    >
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between">
          <label htmlFor={ids.title} className="text-sm font-medium text-ink">
            Playlist title
          </label>
          <span className="text-xs text-ink-muted tabular-nums" aria-hidden>
            {title.length}/{LIMITS.playlistTitleMax}
          </span>
        </div>
        <input
          id={ids.title}
          value={title}
          maxLength={LIMITS.playlistTitleMax}
          aria-invalid={missingTitle || undefined}
          aria-describedby={missingTitle ? ids.titleError : undefined}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setMissingTitle(false);
          }}
          className={inputClass}
        />
        {missingTitle ? (
          <p id={ids.titleError} className="text-sm text-red-400">
            A playlist needs a title.
          </p>
        ) : null}
      </div>
      {withDescription ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between">
            <label htmlFor={ids.description} className="text-sm font-medium text-ink">
              Playlist description
            </label>
            <span className="text-xs text-ink-muted tabular-nums" aria-hidden>
              {description.length}/{LIMITS.playlistDescriptionMax}
            </span>
          </div>
          <textarea
            id={ids.description}
            rows={3}
            value={description}
            maxLength={LIMITS.playlistDescriptionMax}
            onChange={(event) => setDescription(event.currentTarget.value)}
            className={cn(inputClass, 'resize-y')}
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.visibility} className="text-sm font-medium text-ink">
          Visibility
        </label>
        <select
          id={ids.visibility}
          value={visibility}
          onChange={(event) => setVisibility(event.currentTarget.value as Visibility)}
          className={inputClass}
        >
          {VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <FormError
          message={errorMessage(error, 'The playlist could not be saved.')}
          details={fieldErrors}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={buttonStyles.ghost} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonStyles.light}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

export { VISIBILITY_LABELS };
