import type { Comment } from '@contract';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '../../../lib/format';
import { CommentItem } from './comment-item';

/** Threads with more replies than this start folded behind a show/hide toggle. */
const OPEN_REPLIES_MAX = 2;

/** A top-level comment with its replies underneath. */
export function CommentThread({
  videoId,
  videoOwnerId,
  comment,
}: {
  videoId: string;
  videoOwnerId: string;
  comment: Comment;
}) {
  const count = comment.replies.length;
  const [showReplies, setShowReplies] = useState(count <= OPEN_REPLIES_MAX);
  const folded = count > OPEN_REPLIES_MAX;
  const listId = `replies-${comment._id}`;

  return (
    <li>
      <CommentItem
        videoId={videoId}
        videoOwnerId={videoOwnerId}
        comment={comment}
        onReplied={() => setShowReplies(true)}
      />
      {count > 0 ? (
        <div className="mt-1 pl-13">
          {folded ? (
            <button
              type="button"
              aria-expanded={showReplies}
              aria-controls={listId}
              onClick={() => setShowReplies((value) => !value)}
              className="inline-flex h-8 items-center gap-1 rounded-full px-3 text-sm font-medium text-accent hover:bg-accent/15"
            >
              {showReplies ? (
                <ChevronUp className="size-4" aria-hidden />
              ) : (
                <ChevronDown className="size-4" aria-hidden />
              )}
              {showReplies ? 'Hide replies' : `Show ${formatCount(count, 'reply', 'replies')}`}
            </button>
          ) : null}
          {showReplies || !folded ? (
            <ul id={listId} aria-label="Replies" className="mt-2 flex flex-col gap-3">
              {comment.replies.map((item) => (
                <li key={item._id}>
                  <CommentItem
                    videoId={videoId}
                    videoOwnerId={videoOwnerId}
                    comment={item}
                    isReply
                    onReplied={() => setShowReplies(true)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
