import { LIMITS, VISIBILITIES } from '@contract';
import type { Visibility } from '@contract';
import { useId } from 'react';
import { inputClass } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import type { UploadErrors, VisibilityValues } from '../../utils/upload-rules';
import { CharacterCount, FieldFrame } from './field-frame';

const OPTIONS: Record<Visibility, { label: string; description: string }> = {
  private: { label: 'Private', description: 'Only you can watch your video' },
  unlisted: { label: 'Unlisted', description: 'Anyone with the video link can watch your video' },
  public: { label: 'Public', description: 'Everyone can watch your video' },
};

type VisibilityStepProps = {
  values: VisibilityValues;
  errors: UploadErrors;
  onChange: (patch: Partial<VisibilityValues>) => void;
};

export function VisibilityStep({ values, errors, onChange }: VisibilityStepProps) {
  const name = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-5">
      <fieldset
        aria-describedby={errors.visibility ? errorId : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-ink">Save or publish</legend>
        {VISIBILITIES.map((visibility) => (
          <label
            key={visibility}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 transition-colors hover:bg-hover',
              values.visibility === visibility ? 'border-accent' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={name}
              value={visibility}
              checked={values.visibility === visibility}
              aria-invalid={errors.visibility ? true : undefined}
              onChange={() => onChange({ visibility })}
              className="mt-1 size-4 accent-accent"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium text-ink-strong">
                {OPTIONS[visibility].label}
              </span>
              <span className="text-xs text-ink-muted" aria-hidden>
                {OPTIONS[visibility].description}
              </span>
            </span>
          </label>
        ))}
        {errors.visibility ? (
          <p id={errorId} className="text-sm text-red-400">
            {errors.visibility}
          </p>
        ) : null}
      </fieldset>

      <FieldFrame
        label="Hashtag"
        error={errors.hashtag}
        aside={<CharacterCount value={values.hashtag} max={LIMITS.hashtagMax} />}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={values.hashtag}
            maxLength={LIMITS.hashtagMax}
            placeholder="#music #travel"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ hashtag: event.currentTarget.value })}
            className={inputClass}
          />
        )}
      </FieldFrame>
    </div>
  );
}
