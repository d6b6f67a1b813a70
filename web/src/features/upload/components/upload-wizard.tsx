import type { Visibility } from '@contract';
import { FileVideo } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import type { UploadDraft } from '../hooks/use-video-upload';
import {
  defaultTitle,
  firstStepWithError,
  formatMegabytes,
  hasErrors,
  LAST_STEP,
  UPLOAD_STEPS,
  type UploadErrors,
  type UploadField,
  type UploadValues,
} from '../utils/upload-rules';
import { validateDetails, validateStep, validateVisibility } from '../utils/upload-fields';
import { ChecksStep } from './steps/checks-step';
import { DetailsStep } from './steps/details-step';
import { StepIndicator } from './steps/step-indicator';
import { VideoElementsStep } from './steps/video-elements-step';
import { VisibilityStep } from './steps/visibility-step';
import {
  EMPTY_SUBTITLE_ROW,
  subtitleRowProblem,
  subtitlesToUpload,
  type SubtitleRow,
} from '../utils/subtitle-rows';

type UploadWizardProps = { videoFile: File; onDone: (draft: UploadDraft) => void };

/** Stage 2: four steps headed by the file name; Done hands a complete, valid draft back. */
export function UploadWizard({ videoFile, onDone }: UploadWizardProps) {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<UploadValues>(() => ({
    title: defaultTitle(videoFile.name),
    description: '',
    thumbnail: null,
    visibility: '',
    hashtag: '',
  }));
  const [errors, setErrors] = useState<UploadErrors>({});
  const [subtitles, setSubtitles] = useState<SubtitleRow[]>(() => [
    EMPTY_SUBTITLE_ROW,
    EMPTY_SUBTITLE_ROW,
    EMPTY_SUBTITLE_ROW,
  ]);
  const subtitlesOk = subtitles.every((row) => subtitleRowProblem(row) === null);

  const update = (patch: Partial<UploadValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // Editing a field clears its error; the next Next or Done checks it again.
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as UploadField[]) delete next[field];
      return next;
    });
  };

  const next = () => {
    // The subtitles step shows its own problems; it is left only when every row is fine.
    if (step === 1 && !subtitlesOk) return;
    const found = validateStep(step, values);
    setErrors(found);
    if (!hasErrors(found)) setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  const done = () => {
    const found = { ...validateDetails(values), ...validateVisibility(values) };
    setErrors(found);
    const back = firstStepWithError(found);
    if (back !== null) {
      setStep(back);
      return;
    }
    if (!values.thumbnail) return;
    if (!subtitlesOk) {
      setStep(1);
      return;
    }
    onDone({
      subtitles: subtitlesToUpload(subtitles),
      title: values.title,
      description: values.description,
      hashtag: values.hashtag,
      visibility: values.visibility as Visibility,
      thumbnail: values.thumbnail,
      videoFile,
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3 border-b border-line pb-4">
        <FileVideo className="size-6 shrink-0 text-ink-muted" aria-hidden />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-ink-strong">{videoFile.name}</h3>
          <p className="text-xs text-ink-muted">{formatMegabytes(videoFile.size)}</p>
        </div>
      </div>

      <StepIndicator step={step} />

      <section aria-label={UPLOAD_STEPS[step]} className="min-h-72">
        <h4 className="mb-4 text-base font-semibold text-ink-strong">{UPLOAD_STEPS[step]}</h4>
        {step === 0 ? (
          <DetailsStep
            values={values}
            errors={errors}
            onChange={update}
            onThumbnailProblem={(problem) =>
              setErrors((current) => (problem ? { ...current, thumbnail: problem } : current))
            }
          />
        ) : null}
        {step === 1 ? (
          <VideoElementsStep
            rows={subtitles}
            onChange={(index, row) =>
              setSubtitles((current) => current.map((old, i) => (i === index ? row : old)))
            }
          />
        ) : null}
        {step === 2 ? <ChecksStep /> : null}
        {step === LAST_STEP ? (
          <VisibilityStep values={values} errors={errors} onChange={update} />
        ) : null}
      </section>

      <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={step === 0}
          onClick={() => {
            setErrors({});
            setStep((current) => Math.max(current - 1, 0));
          }}
        >
          Previous
        </button>
        {step < LAST_STEP ? (
          <button type="button" className={buttonStyles.light} onClick={next}>
            Next
          </button>
        ) : (
          <button type="button" className={buttonStyles.light} onClick={done}>
            Done
          </button>
        )}
      </div>
    </div>
  );
}
