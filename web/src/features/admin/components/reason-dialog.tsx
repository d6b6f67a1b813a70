import { GOVERNANCE_LIMITS } from '@contract';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  /** What the text is called (a reason, a note); none: a plain confirmation. */
  label?: string;
  required: boolean;
  confirmLabel: string;
  /** Destructive actions get the red button. */
  danger?: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (text: string) => void;
};

/**
 * Asks staff to confirm an action, with the reason the audit log keeps (and, for a block, the
 * owner reads). Enter confirms, Escape cancels; nothing is sent without a required reason.
 */
export function ReasonDialog({
  open,
  title,
  children,
  label,
  required,
  confirmLabel,
  danger = false,
  pending,
  error,
  onCancel,
  onConfirm,
}: ReasonDialogProps) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  const cancel = () => {
    setText('');
    setMissing(false);
    onCancel();
  };

  return (
    <Dialog open={open} onClose={cancel} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (label !== undefined && required && !text.trim()) {
            setMissing(true);
            // Back to the field, so the reason can be typed at once (keyboard users included).
            inputRef.current?.focus();
            return;
          }
          onConfirm(text.trim());
        }}
        className="flex flex-col gap-4"
      >
        <div className="text-sm text-ink">{children}</div>
        {label === undefined ? null : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-ink">
              {label}
              {required ? '' : ' (optional)'}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              value={text}
              autoFocus
              maxLength={GOVERNANCE_LIMITS.reasonMax}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? hintId : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setMissing(false);
              }}
              className={inputClass}
            />
            {missing ? (
              <p id={hintId} role="alert" className="text-sm text-red-400">
                A reason is required.
              </p>
            ) : null}
          </div>
        )}
        {error ? <FormError message={error} /> : null}
        <DialogActions
          onCancel={cancel}
          confirmLabel={confirmLabel}
          pending={pending}
          tone={danger ? 'danger' : 'light'}
        />
      </form>
    </Dialog>
  );
}
