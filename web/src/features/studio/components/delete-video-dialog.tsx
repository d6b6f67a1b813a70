import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-error';

type DeleteVideoDialogProps = {
  title: string | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before a delete: it removes the video with its comments, likes and figures for good. */
export function DeleteVideoDialog({
  title,
  pending,
  error,
  onCancel,
  onConfirm,
}: DeleteVideoDialogProps) {
  return (
    <Dialog open={title !== null} onClose={onCancel} title="Delete video">
      <p className="text-sm text-ink">
        Delete <span className="font-semibold break-words text-ink-strong">{title}</span>{' '}
        permanently? Its comments, likes and analytics go with it. This cannot be undone.
      </p>
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
          className={`${buttonStyles.secondary} bg-red-600 text-white hover:bg-red-500`}
        >
          {pending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
