import { LIMITS } from '@contract';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmojiButton } from '../../emoji';
import { insertAtCaret } from '../../emoji';
import { isCommentSubmittable } from '../utils/comment-rules';

const MAX_ROWS = 8;
const submitReady =
  'inline-flex h-9 items-center justify-center rounded-full bg-accent px-4 text-sm font-semibold text-black transition-colors hover:bg-[#65b8ff]';

type CommentFormProps = {
  /** Accessible name and placeholder of the text box, e.g. 'Add a comment...'. */
  label: string;
  submitLabel: string;
  initialValue?: string;
  pending: boolean;
  /** Whether the buttons show only after the box is clicked (the main comment box). */
  collapsible?: boolean;
  autoFocus?: boolean;
  /** Resolves true when the text was accepted, which empties (or closes) the box. */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
};

/** A text box with the emoji picker, Cancel and a submit button that needs 4 characters. */
export function CommentForm({
  label,
  submitLabel,
  initialValue = '',
  pending,
  collapsible = false,
  autoFocus = false,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const [text, setText] = useState(initialValue);
  const [expanded, setExpanded] = useState(!collapsible);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const caretAfterInsert = useRef<number | null>(null);
  const canSubmit = isCommentSubmittable(text) && !pending;

  // The picker keeps focus so several emojis can go in a row; the caret still has to follow.
  useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null) return;
    caretAfterInsert.current = null;
    textareaRef.current?.setSelectionRange(caret, caret);
  }, [text]);

  const insertEmoji = (emoji: string) => {
    const box = textareaRef.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const result = insertAtCaret(text, start, end, emoji, LIMITS.commentMax);
    if (!result) return;
    caretAfterInsert.current = result.caret;
    setText(result.text);
  };

  const cancel = () => {
    setText(initialValue);
    if (collapsible) {
      setExpanded(false);
      textareaRef.current?.blur();
    }
    onCancel?.();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const accepted = await onSubmit(text.trim());
    if (!accepted) return;
    setText('');
    if (collapsible) setExpanded(false);
  };

  const rows = Math.min(MAX_ROWS, Math.max(1, text.split('\n').length));
  return (
    <form onSubmit={(event) => void submit(event)} className="min-w-0 flex-1">
      <textarea
        ref={textareaRef}
        aria-label={label}
        placeholder={label}
        value={text}
        rows={rows}
        maxLength={LIMITS.commentMax}
        autoFocus={autoFocus}
        onFocus={() => setExpanded(true)}
        onClick={() => setExpanded(true)}
        onChange={(event) => setText(event.target.value)}
        className="block w-full resize-none border-b border-line bg-transparent pb-1 text-sm text-ink-strong outline-none placeholder:text-ink-muted focus:border-ink-strong"
      />
      {expanded ? (
        <div className="mt-2 flex items-center justify-between gap-2">
          <EmojiButton onPick={insertEmoji} disabled={pending} />
          <div className="flex items-center gap-2">
            <button type="button" onClick={cancel} className={buttonStyles.ghost}>
              Cancel
            </button>
            <button
              type="submit"
              disabled={!canSubmit}
              aria-busy={pending || undefined}
              className={canSubmit ? submitReady : buttonStyles.secondary}
            >
              {submitLabel}
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
