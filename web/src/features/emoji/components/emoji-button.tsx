import { Smile } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { pickerPlacement, type PickerPlacement } from '../utils/picker-placement';

// The picker and its data are only fetched once someone opens it.
const EmojiPicker = retryableLazy(async () => (await import('./emoji-picker')).EmojiPicker);

type EmojiButtonProps = {
  /** Receives the emoji, already in the chosen skin tone. */
  onPick: (emoji: string) => void;
  disabled?: boolean;
  className?: string;
};

/** 'Insert emoji' opens the picker beside a text box; Escape or a click outside closes it. */
export function EmojiButton({ onPick, disabled = false, className }: EmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<PickerPlacement>('below');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      className={cn('relative', className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Inside a dialog, Escape should close only the picker.
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-label="Insert emoji"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => {
          const trigger = triggerRef.current;
          if (!open && trigger) {
            setPlacement(pickerPlacement(trigger.getBoundingClientRect(), window.innerHeight));
          }
          setOpen((value) => !value);
        }}
        className="inline-flex size-9 items-center justify-center rounded-full text-ink transition-colors hover:bg-hover disabled:opacity-40"
      >
        <Smile className="size-5" aria-hidden />
      </button>
      {open ? (
        <Suspense
          fallback={
            <div
              className={cn(
                'absolute left-0 z-40 flex h-24 w-48 items-center justify-center rounded-xl border border-line bg-raised shadow-2xl',
                placement === 'above' ? 'bottom-full mb-2' : 'top-full mt-2',
              )}
            >
              <Spinner label="Loading emoji" />
            </div>
          }
        >
          <EmojiPicker onPick={onPick} placement={placement} />
        </Suspense>
      ) : null}
    </div>
  );
}
