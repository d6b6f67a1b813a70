import { COMMENTS_MODES, LIMITS, ROUTES, VISIBILITIES } from '@contract';
import type { CommentsMode, Video, Visibility } from '@contract';
import { ExternalLink } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useUpdateVideo } from '../api/update-video';
import {
  editValuesOf,
  isDirty,
  validateEdit,
  type EditErrors,
  type EditField,
  type EditValues,
} from '../utils/edit-rules';
import { ThumbnailPicker } from '../../upload';

const COMMENTS_MODE_LABELS: Record<CommentsMode, string> = {
  open: 'On',
  held: 'Hold new comments for my approval',
  off: 'Off',
};

const VISIBILITY_LABELS: Record<Visibility, string> = {
  private: 'Private',
  unlisted: 'Unlisted',
  public: 'Public',
};

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (ids: { id: string; errorId: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({ id, errorId })}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Title, description, hashtag, visibility and thumbnail, under the upload's rules. */
export function EditVideoForm({ video }: { video: Video }) {
  const [initial, setInitial] = useState<EditValues>(() => editValuesOf(video));
  const [values, setValues] = useState<EditValues>(initial);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [errors, setErrors] = useState<EditErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateVideo();
  const dirty = isDirty(initial, values, thumbnail);

  const change = (field: keyof EditValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setSaved(false);
  };

  const submit = () => {
    const found = validateEdit(values);
    setErrors((current) => ({ ...found, thumbnail: current.thumbnail }));
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        id: video._id,
        fields: {
          title: values.title,
          description: values.description,
          hashtag: values.hashtag,
          visibility: values.visibility || undefined,
          commentsMode: values.commentsMode,
        },
        thumbnail,
      },
      {
        onSuccess: (result) => {
          const next = editValuesOf(result);
          setInitial(next);
          setValues(next);
          setThumbnail(null);
          setSaved(true);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const fromServer: EditErrors = {};
          for (const item of error.fieldErrors) {
            if (item.field in values || item.field === 'thumbnail') {
              fromServer[item.field as EditField] = item.message;
            }
          }
          setErrors(fromServer);
        },
      },
    );
  };

  const describedBy = (field: EditField, errorId: string) => (errors[field] ? errorId : undefined);

  return (
    <form
      noValidate
      aria-label="Video details"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Link
          to={ROUTES.watch(video._id)}
          target="_blank"
          rel="noopener"
          className={buttonStyles.ghost}
        >
          <ExternalLink className="size-4" aria-hidden />
          View on watch page
        </Link>
        <button
          type="button"
          disabled={!dirty || update.isPending}
          onClick={() => {
            setValues(initial);
            setThumbnail(null);
            setErrors({});
            update.reset();
          }}
          className={buttonStyles.secondary}
        >
          Discard
        </button>
        <button type="submit" disabled={!dirty || update.isPending} className={buttonStyles.light}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      <div role="status" className="text-sm text-green-400">
        {saved && !dirty ? 'Changes saved.' : ''}
      </div>
      {update.isError ? (
        <FormError message={errorMessage(update.error, 'The changes could not be saved.')} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="flex flex-col gap-5">
          <Field label="Title" error={errors.title}>
            {({ id, errorId }) => (
              <input
                id={id}
                value={values.title}
                maxLength={LIMITS.titleMax}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={describedBy('title', errorId)}
                onChange={(event) => change('title', event.target.value)}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Description" error={errors.description}>
            {({ id, errorId }) => (
              <textarea
                id={id}
                rows={8}
                value={values.description}
                maxLength={LIMITS.descriptionMax}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy('description', errorId)}
                onChange={(event) => change('description', event.target.value)}
                className={`${inputClass} resize-y`}
              />
            )}
          </Field>
          <Field label="Hashtag" error={errors.hashtag}>
            {({ id, errorId }) => (
              <input
                id={id}
                value={values.hashtag}
                maxLength={LIMITS.hashtagMax}
                aria-invalid={errors.hashtag ? true : undefined}
                aria-describedby={describedBy('hashtag', errorId)}
                onChange={(event) => change('hashtag', event.target.value)}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-col gap-5">
          <ThumbnailPicker
            current={video.thumbnail}
            // Frames of the processed video, once processing has made something that plays.
            frames={{ url: video.videoFile, ready: video.playable }}
            hint="Drop an image on the preview, choose one (up to 25 MB) or pick a frame; leave it to keep the current one."
            file={thumbnail}
            error={errors.thumbnail}
            onChange={(file, problem) => {
              setThumbnail(file);
              setSaved(false);
              setErrors(({ thumbnail: _cleared, ...rest }) =>
                problem ? { ...rest, thumbnail: problem } : rest,
              );
            }}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-ink">Visibility</legend>
            {VISIBILITIES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 text-sm text-ink-strong"
              >
                <input
                  type="radio"
                  name="visibility"
                  value={option}
                  checked={values.visibility === option}
                  onChange={() => change('visibility', option)}
                  className="size-4 accent-accent"
                />
                {VISIBILITY_LABELS[option]}
              </label>
            ))}
            {errors.visibility ? (
              <p role="alert" className="text-sm text-red-400">
                {errors.visibility}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-ink">Comments</legend>
            {COMMENTS_MODES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 text-sm text-ink-strong"
              >
                <input
                  type="radio"
                  name="commentsMode"
                  value={option}
                  checked={values.commentsMode === option}
                  onChange={() => change('commentsMode', option)}
                  className="size-4 accent-accent"
                />
                {COMMENTS_MODE_LABELS[option]}
              </label>
            ))}
          </fieldset>
        </div>
      </div>
    </form>
  );
}
