import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles';
import { Dialog } from './dialog';
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
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <div className="text-sm text-ink">{children}</div>
      {error ? (
        <div className="mt-4">
          <FormError message={error} />
        </div>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonStyles.ghost}>
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonStyles.danger}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
