import { ERROR_CODES, type Visibility } from '@contract';
import { FileVideo } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { EmailUnverifiedNotice } from '../../account';
import type { VideoUploadSession } from '../hooks/use-video-upload';
import {
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
import { TransferStatus } from './transfer-status';
import { VideoElementsStep } from './steps/video-elements-step';
import { VisibilityStep } from './steps/visibility-step';
import { subtitleRowProblem, subtitlesToUpload } from '../utils/subtitle-rows';

type UploadWizardProps = { session: VideoUploadSession; videoFile: File; values: UploadValues };

/**
 * Stage 2: four steps headed by the file name, with the file's upload under way above them
 * (it started when the file was picked). Done publishes once the bytes are in; the form is
 * the session's, so closing the dialog or a failed publish loses nothing.
 */
export function UploadWizard({ session, videoFile, values }: UploadWizardProps) {
  const { step, setStep, transfer, phase } = session;
  const setValues = (change: (current: UploadValues) => UploadValues) =>
    session.setValues((current) => (current ? change(current) : current));
  const [errors, setErrors] = useState<UploadErrors>({});
  const { subtitles, setSubtitles } = session;
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
    session.submit({
      subtitles: subtitlesToUpload(subtitles),
      title: values.title,
      description: values.description,
      hashtag: values.hashtag,
      visibility: values.visibility as Visibility,
      thumbnail: values.thumbnail,
      playlists: values.playlists,
    });
  };

  const busy = phase !== 'editing';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 border-b border-line pb-3">
        <div className="flex items-center gap-3">
          <FileVideo className="size-6 shrink-0 text-ink-muted" aria-hidden />
          <div className="min-w-0">
            <h3 className="truncate text-lg font-semibold text-ink-strong">{videoFile.name}</h3>
            <p className="text-xs text-ink-muted">{formatMegabytes(videoFile.size)}</p>
          </div>
        </div>
        <TransferStatus
          state={transfer.state}
          onPause={transfer.pause}
          onResume={transfer.resume}
          onCancel={session.cancel}
        />
      </div>

      <StepIndicator step={step} />

      <section aria-label={UPLOAD_STEPS[step]} className="min-h-56">
        <h4 className="mb-4 text-base font-semibold text-ink-strong">{UPLOAD_STEPS[step]}</h4>
        {step === 0 ? (
          <DetailsStep
            videoFile={videoFile}
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

      {transfer.state.errorCode === ERROR_CODES.emailUnverified && transfer.state.error ? (
        <EmailUnverifiedNotice message={transfer.state.error} />
      ) : null}
      {session.error && session.emailUnverified ? (
        <EmailUnverifiedNotice message={session.error} />
      ) : session.error ? (
        <FormError message={session.error} />
      ) : null}
      {/* Kept in view at the dialog's bottom edge however tall the step: at 1366×768 too. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex items-center justify-between gap-3 border-t border-line bg-raised px-6 py-4">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={step === 0 || busy}
          onClick={() => {
            setErrors({});
            setStep((current) => Math.max(current - 1, 0));
          }}
        >
          Previous
        </button>
        {phase === 'waiting' ? (
          <p className="text-sm text-ink-muted" aria-live="polite">
            Publishing as soon as the upload finishes…
          </p>
        ) : null}
        {phase === 'publishing' ? (
          <p className="text-sm text-ink-muted" aria-live="polite">
            Publishing…
          </p>
        ) : null}
        {step < LAST_STEP ? (
          <button type="button" className={buttonStyles.light} onClick={next}>
            Next
          </button>
        ) : (
          <button type="button" className={buttonStyles.light} onClick={done} disabled={busy}>
            Done
          </button>
        )}
      </div>
    </div>
  );
}
