import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { Dialog } from './dialog';
import type { FocusSuccessor } from '../../lib/focus-successor';
import { FormError } from './form-error';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Where focus goes when what opened the dialog went with what it deleted (see Dialog). */
  successor?: FocusSuccessor;
};

/** Asks before something that cannot be undone; the confirm button is styled as destructive. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onCancel,
  onConfirm,
  successor,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} successor={successor}>
      <div className="text-sm text-ink">{children}</div>
      {error ? (
        <div className="mt-4">
          <FormError message={error} />
        </div>
      ) : null}
      <DialogActions
        className="mt-6"
        onCancel={onCancel}
        onConfirm={onConfirm}
        confirmLabel={confirmLabel}
        pending={pending}
        tone="danger"
      />
    </Dialog>
  );
}
