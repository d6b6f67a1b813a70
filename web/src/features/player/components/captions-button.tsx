import { Captions as CaptionsIcon, Check, Languages } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import type { Captions } from '../hooks/use-captions';
import { playerButton } from './player-button';

const itemClass =
  'flex w-full items-center gap-3 rounded px-3 py-2 text-left text-sm text-white outline-none hover:bg-white/15 focus-visible:bg-white/20';

/**
 * YouTube's CC button (toggles captions, as `c` does) and a menu of the languages and Off.
 * Shown only for a video with captions.
 */
export function CaptionsButton({
  captions,
  onOpenChange,
}: {
  captions: Captions;
  onOpenChange?(open: boolean): void;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const on = captions.current !== null;

  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);
  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (captions.tracks.length === 0) return null;

  const pick = (language: string | null) => {
    captions.choose(language);
    setOpen(false);
    triggerRef.current?.focus();
  };
  const choices = [{ language: null, label: 'Off' }, ...captions.tracks];

  return (
    <div ref={rootRef} className="relative flex items-center">
      <button
        type="button"
        aria-label="Subtitles/closed captions"
        aria-pressed={on}
        title="Subtitles/closed captions (c)"
        className={playerButton}
        onClick={() => captions.toggle()}
      >
        <CaptionsIcon className="size-5" aria-hidden />
        <span
          aria-hidden
          className={cn(
            'absolute bottom-1.5 h-0.5 w-5 rounded-full bg-brand transition-transform',
            on ? 'scale-x-100' : 'scale-x-0',
          )}
        />
      </button>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Subtitle language"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title="Subtitle language"
        className={playerButton}
        onClick={() => setOpen((o) => !o)}
      >
        <Languages className="size-5" aria-hidden />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Subtitles/CC"
          className="absolute right-0 bottom-12 z-10 w-56 rounded-xl bg-black/90 p-2 shadow-lg"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setOpen(false);
              triggerRef.current?.focus();
            }
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              const items = Array.from(
                event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]'),
              );
              const at = items.indexOf(document.activeElement as HTMLElement);
              const step = event.key === 'ArrowDown' ? 1 : -1;
              items[(at + step + items.length) % items.length]?.focus();
            }
          }}
        >
          {choices.map((choice) => {
            const checked = captions.current === choice.language;
            return (
              <button
                key={choice.language ?? 'off'}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className={itemClass}
                onClick={() => pick(choice.language)}
              >
                <Check className={cn('size-4', !checked && 'invisible')} aria-hidden />
                {choice.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
