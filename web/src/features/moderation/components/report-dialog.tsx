import { GOVERNANCE_LIMITS, REPORT_REASON_LABELS, REPORT_REASONS } from '@contract';
import type { ReportReason, ReportTarget } from '@contract';
import { useId, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useFileReport } from '../api/file-report';
import { reportFromDraft, type ReportDraft } from '../utils/report-form';

const NOUN: Record<ReportTarget, string> = {
  video: 'video',
  comment: 'comment',
  channel: 'channel',
};

type ReportDialogProps = {
  open: boolean;
  onClose: () => void;
  target: { type: ReportTarget; id: string };
};

/** Tells staff what is wrong with a video, a comment or a channel: a reason, and words for "Other". */
export function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  const [draft, setDraft] = useState<ReportDraft>({ reason: '', details: '' });
  const [problem, setProblem] = useState<{ field: 'reason' | 'details'; text: string } | null>(
    null,
  );
  const report = useFileReport();
  const detailsId = useId();
  const problemId = useId();
  const noun = NOUN[target.type];

  const close = () => {
    setDraft({ reason: '', details: '' });
    setProblem(null);
    report.reset();
    onClose();
  };

  const submit = () => {
    const result = reportFromDraft(target, draft);
    if ('problem' in result) {
      setProblem({ field: result.field, text: result.problem });
      return;
    }
    setProblem(null);
    report.mutate(result.body);
  };

  return (
    <Dialog open={open} onClose={close} title={`Report ${noun}`}>
      {report.isSuccess ? (
        <div className="flex flex-col gap-5">
          <p role="status" className="text-sm text-ink-strong">
            Thanks for reporting this {noun}. Staff will look at it.
          </p>
          <div className="flex justify-end">
            <button type="button" onClick={close} className={buttonStyles.light}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          aria-label={`Report ${noun}`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="flex flex-col gap-4"
        >
          <fieldset
            aria-describedby={problem?.field === 'reason' ? problemId : undefined}
            className="flex flex-col gap-2"
          >
            <legend className="mb-2 text-sm font-medium text-ink">
              What is wrong with this {noun}?
            </legend>
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex cursor-pointer items-center gap-3 text-sm text-ink-strong"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={reason}
                  checked={draft.reason === reason}
                  onChange={() => {
                    setDraft((d) => ({ ...d, reason: reason as ReportReason }));
                    setProblem(null);
                  }}
                  className="size-4 accent-accent"
                />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={detailsId} className="text-sm font-medium text-ink">
              {draft.reason === 'other' ? 'Details (required)' : 'Details (optional)'}
            </label>
            <textarea
              id={detailsId}
              rows={3}
              value={draft.details}
              maxLength={GOVERNANCE_LIMITS.detailsMax}
              aria-invalid={problem?.field === 'details' || undefined}
              aria-describedby={problem?.field === 'details' ? problemId : undefined}
              onChange={(event) => {
                setDraft((d) => ({ ...d, details: event.target.value }));
                setProblem(null);
              }}
              className={`${inputClass} resize-y`}
            />
          </div>
          {problem ? (
            <p id={problemId} role="alert" className="text-sm text-red-400">
              {problem.text}
            </p>
          ) : null}
          {report.isError ? (
            <FormError message={errorMessage(report.error, 'The report could not be sent.')} />
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={close} className={buttonStyles.ghost}>
              Cancel
            </button>
            <button type="submit" disabled={report.isPending} className={buttonStyles.light}>
              {report.isPending ? 'Sending…' : 'Report'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
