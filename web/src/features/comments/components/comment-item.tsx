import { isStaff, ROUTES } from '@contract';
import { TimedText } from '../../../components/ui/timed-text';
import type { Comment, Reply } from '@contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatRelativeTime } from '../../../lib/format';
import { useAuth } from '../../auth';
import { EmailUnverifiedNotice, isEmailUnverified } from '../../account';
import { useDeleteComment } from '../api/delete-comment';
import { useEditComment } from '../api/edit-comment';
import { useReplyComment } from '../api/reply-comment';
import { CommentForm } from './comment-form';
import { CommentOptions } from './comment-options';
import { CommentReactions } from './comment-reactions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { FocusSuccessor } from '../../../lib/focus-successor';
import { UI_MESSAGES } from '../../../lib/ui-constants';
import { errorMessage } from '../../../lib/api-client';
import { ReportDialog, useSetBlocked } from '../../moderation';

type CommentItemProps = {
  videoId: string;
  /** The video's owner moderates what is said under it. */
  videoOwnerId: string;
  comment: Comment | Reply;
  isReply?: boolean;
  /** Called after a reply was posted, so the thread can show its replies. */
  onReplied?: () => void;
};

/**
 * Once a comment or reply is deleted, focus goes to the options of the one after it (or before
 * it, or, for a thread's last reply, its comment's), and with none left to the Comments heading.
 */
const DELETED_COMMENT_SUCCESSOR: FocusSuccessor = {
  item: 'li',
  control: 'button[aria-label="Comment options"]',
  orElse: (from) => from.closest('section')?.querySelector<HTMLElement>('h2[tabindex="-1"]'),
};

/** Runs a mutation for a form: true when it went through (the error is already logged). */
async function succeeded(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}

/** One comment or reply: author, age, text, reactions, and the author's edit and delete. */
export function CommentItem({
  videoId,
  videoOwnerId,
  comment,
  isReply = false,
  onReplied,
}: CommentItemProps) {
  const { authUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const edit = useEditComment(videoId);
  const reply = useReplyComment(videoId);
  const remove = useDeleteComment(videoId);
  const block = useSetBlocked();

  const isOwn = authUser?._id === comment.owner._id;
  const ownsVideo = authUser?._id === videoOwnerId;
  const canDelete = ownsVideo || isStaff(authUser?.role);
  const handle = `@${comment.owner.username}`;
  const channelPath = ROUTES.channel(comment.owner.username);

  return (
    <article aria-label={`${isReply ? 'Reply' : 'Comment'} by ${handle}`} className="flex gap-3">
      <Link to={channelPath} tabIndex={-1} aria-hidden className="shrink-0">
        <Avatar
          src={comment.owner.avatar}
          name={comment.owner.username}
          size={isReply ? 'xs' : 'md'}
          decorative
        />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs">
          <Link to={channelPath} className="font-medium text-ink-strong hover:underline">
            {handle}
          </Link>
          <time dateTime={comment.createdAt} className="ml-2 text-ink-muted">
            {formatRelativeTime(comment.createdAt)}
          </time>
          {comment.held ? (
            <span className="ml-2 rounded-full bg-amber-400/15 px-2 py-0.5 font-medium text-amber-200">
              Waiting for approval
            </span>
          ) : null}
        </p>
        {editing ? (
          <div className="mt-1">
            <CommentForm
              label="Edit comment"
              submitLabel="Save"
              initialValue={comment.content}
              pending={edit.isPending}
              autoFocus
              onCancel={() => setEditing(false)}
              onSubmit={async (content) => {
                const ok = await succeeded(() =>
                  edit.mutateAsync({ commentId: comment._id, content }),
                );
                if (ok) setEditing(false);
                return ok;
              }}
            />
          </div>
        ) : (
          // Text only: whatever people type is shown as typed, never interpreted as markup.
          <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-ink-strong">
            <TimedText text={comment.content} />
          </p>
        )}
        <div className="mt-1 flex items-center gap-2">
          <CommentReactions videoId={videoId} commentId={comment._id} state={comment} />
          {comment.held ? null : (
            <button
              type="button"
              aria-expanded={replying}
              onClick={() => setReplying((value) => !value)}
              className="h-8 rounded-full px-3 text-xs font-medium text-ink-strong hover:bg-hover"
            >
              Reply
            </button>
          )}
        </div>
        {replying ? (
          <div className="mt-2 flex gap-3">
            {authUser ? (
              <Avatar src={authUser.avatar} name={authUser.username} size="xs" decorative />
            ) : null}
            <CommentForm
              label="Add a reply..."
              submitLabel="Reply"
              initialValue={isReply ? `${handle} ` : ''}
              pending={reply.isPending}
              autoFocus
              onCancel={() => setReplying(false)}
              onSubmit={async (content) => {
                const ok = await succeeded(() =>
                  reply.mutateAsync({ commentId: comment._id, content }),
                );
                if (ok) {
                  setReplying(false);
                  onReplied?.();
                }
                return ok;
              }}
            />
          </div>
        ) : null}
        {replying && isEmailUnverified(reply.error) ? (
          <div className="mt-2">
            <EmailUnverifiedNotice message={reply.error!.message} />
          </div>
        ) : null}
      </div>
      <div className="w-9 shrink-0">
        {editing ? null : (
          <CommentOptions
            isOwn={isOwn}
            canDelete={canDelete}
            canBlock={ownsVideo && !isOwn}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
            onReport={() => setReporting(true)}
            onBlock={() => {
              block.reset();
              setBlocking(true);
            }}
          />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={UI_MESSAGES.deleteComment}
        successor={DELETED_COMMENT_SUCCESSOR}
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          remove.mutate(comment._id, { onSettled: () => setConfirming(false) });
        }}
      >
        {isOwn
          ? isReply
            ? 'Delete your reply permanently?'
            : 'Delete your comment permanently? Its replies are deleted with it.'
          : isReply
            ? `Delete this reply by ${handle} permanently?`
            : `Delete this comment by ${handle} permanently? Its replies are deleted with it.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={blocking}
        title="Block user"
        confirmLabel={block.isPending ? 'Blocking…' : 'Block'}
        pending={block.isPending}
        error={block.isError ? errorMessage(block.error, 'The user could not be blocked.') : null}
        onCancel={() => setBlocking(false)}
        onConfirm={() =>
          block.mutate(
            { userId: comment.owner._id, blocked: true },
            { onSuccess: () => setBlocking(false) },
          )
        }
      >
        Block {handle} from commenting on your videos? Their comments stay until you delete them;
        you can let them back from the studio’s Community page.
      </ConfirmDialog>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        target={{ type: 'comment', id: comment._id }}
      />
    </article>
  );
}
