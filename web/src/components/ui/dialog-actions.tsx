import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles';

type DialogActionsProps = {
  onCancel: () => void;
  confirmLabel: ReactNode;
  pending?: boolean;
  tone?: 'danger' | 'light' | 'primary';
  /** Called by a plain button; without it the button submits the dialog's form. */
  onConfirm?: () => void;
  className?: string;
};

/** A dialog's Cancel and its confirming button, which waits (disabled, busy) while pending. */
export function DialogActions({
  onCancel,
  confirmLabel,
  pending = false,
  tone = 'light',
  onConfirm,
  className = '',
}: DialogActionsProps) {
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <button type="button" onClick={onCancel} className={buttonStyles.ghost}>
        Cancel
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={pending}
        aria-busy={pending || undefined}
        className={buttonStyles[tone]}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
