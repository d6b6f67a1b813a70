import type { CommentsMode } from '@contract';
import { useEffect, useMemo, useRef } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';
import { useAuth } from '../../auth';
import { EmailUnverifiedNotice, isEmailUnverified } from '../../account';
import { useCreateComment } from '../api/create-comment';
import { useVideoComments } from '../api/get-video-comments';
import { flattenPages, sortOwnFirst } from '../utils/comment-list';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-thread';
import { RetryButton } from '../../../components/ui/retry-button';
import { UI_MESSAGES } from '../../../lib/ui-constants';

type CommentsSectionProps = {
  videoId: string;
  videoOwnerId: string;
  commentsMode: CommentsMode;
};

/** What the comment box says instead of, or beside, itself under the owner's setting. */
function CommentsModeNotice({ mode, isOwner }: { mode: CommentsMode; isOwner: boolean }) {
  if (mode === 'off') {
    return <p className="mt-4 text-sm text-ink">Comments are turned off for this video.</p>;
  }
  if (mode === 'held' && !isOwner) {
    return (
      <p className="mt-2 text-xs text-ink-muted">
        New comments wait for the channel owner’s approval before others see them.
      </p>
    );
  }
  return null;
}

function SignedInComments({ videoId, videoOwnerId, commentsMode }: CommentsSectionProps) {
  const { authUser } = useAuth();
  const comments = useVideoComments(videoId, true);
  const create = useCreateComment(videoId);
  const { error } = comments;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (error) console.error('Loading the comments failed', error);
  }, [error]);

  const pages = comments.data?.pages;
  const list = useMemo(
    () => sortOwnFirst(flattenPages(pages ?? []), authUser?._id),
    [pages, authUser?._id],
  );
  const total = pages?.[0]?.totalComments;

  return (
    <>
      {/* Focusable from script: where focus goes when the last comment is deleted. */}
      <h2 tabIndex={-1} className="text-xl font-bold text-ink-strong">
        {total === undefined ? 'Comments' : formatCount(total, 'Comment')}
      </h2>
      <CommentsModeNotice mode={commentsMode} isOwner={authUser?._id === videoOwnerId} />
      <div className={commentsMode === 'off' ? 'hidden' : 'mt-4 flex gap-3'}>
        {authUser ? <Avatar src={authUser.avatar} name={authUser.username} decorative /> : null}
        <CommentForm
          label="Add a comment..."
          submitLabel="Comment"
          collapsible
          pending={create.isPending}
          onSubmit={async (content) => {
            try {
              await create.mutateAsync(content);
              return true;
            } catch {
              return false;
            }
          }}
        />
      </div>
      {isEmailUnverified(create.error) ? (
        <div className="mt-3">
          <EmailUnverifiedNotice message={create.error!.message} />
        </div>
      ) : null}
      <div className="mt-6">
        {comments.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading comments" />
          </div>
        ) : comments.isError && list.length === 0 ? (
          <div className="flex flex-col items-start gap-3 text-sm text-ink">
            <p>The comments could not be loaded.</p>
            <RetryButton onRetry={() => void comments.refetch()} />
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-ink">{UI_MESSAGES.noComments}</p>
        ) : (
          <ul ref={listRef} aria-label="Comment list" className="flex flex-col gap-5">
            {list.map((comment) => (
              <CommentThread
                key={comment._id}
                videoId={videoId}
                videoOwnerId={videoOwnerId}
                comment={comment}
              />
            ))}
          </ul>
        )}
        {list.length > 0 ? (
          <LoadMore
            paging={comments}
            listRef={listRef}
            count={list.length}
            label="Show more comments"
          />
        ) : null}
      </div>
    </>
  );
}

/** The comments under a video. Visitors are asked to sign in instead. */
export function CommentsSection(props: CommentsSectionProps) {
  const { isAuthenticated } = useAuth();
  return (
    <section aria-label="Comments" className="mt-6">
      {isAuthenticated ? (
        <SignedInComments {...props} />
      ) : (
        <p className="rounded-xl bg-hover p-4 text-sm text-ink-strong">
          {UI_MESSAGES.signInToComment}
        </p>
      )}
    </section>
  );
}
