import { MESSAGES } from '@contract';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';

type DeleteCommentDialogProps = {
  open: boolean;
  pending: boolean;
  isReply: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before a comment (and, for a top-level one, its replies) is removed for good. */
export function DeleteCommentDialog({
  open,
  pending,
  isReply,
  onCancel,
  onConfirm,
}: DeleteCommentDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={MESSAGES.deleteComment}>
      <p className="text-sm text-ink">
        {isReply
          ? 'Delete your reply permanently?'
          : 'Delete your comment permanently? Its replies are deleted with it.'}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonStyles.ghost}>
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonStyles.outline}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
