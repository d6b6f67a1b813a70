import { Check, ChevronLeft, ChevronRight, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { playerButton } from './player-button';
import { SPEEDS, speedLabel, type QualityOption } from '../utils/playback-options';

type SettingsMenuProps = {
  /** Renditions best first; empty when the source offers no choice (MP4, Safari's own HLS). */
  qualities: QualityOption[];
  selectedLevel: number;
  autoLabel: string;
  onSelectLevel(level: number): void;
  speed: number;
  onSelectSpeed(rate: number): void;
  onOpenChange?(open: boolean): void;
};

type View = 'main' | 'quality' | 'speed';

const itemClass =
  'flex w-full items-center gap-3 rounded px-3 py-2 text-left text-sm text-white outline-none hover:bg-white/15 focus-visible:bg-white/20';

function Item({
  role = 'menuitem',
  checked,
  onSelect,
  children,
  ...aria
}: {
  role?: 'menuitem' | 'menuitemradio';
  checked?: boolean;
  onSelect(): void;
  children: ReactNode;
  'aria-haspopup'?: 'menu';
}) {
  return (
    <button
      type="button"
      role={role}
      aria-checked={role === 'menuitemradio' ? checked === true : undefined}
      tabIndex={-1}
      className={itemClass}
      onClick={onSelect}
      {...aria}
    >
      {children}
    </button>
  );
}

/**
 * The gear menu: quality (Auto, showing what Auto plays, and each rendition) and speed. Arrow
 * keys move, ← or Back returns to the first list, Escape closes and gives focus back.
 */
export function SettingsMenu({
  qualities,
  selectedLevel,
  autoLabel,
  onSelectLevel,
  speed,
  onSelectSpeed,
  onOpenChange,
}: SettingsMenuProps) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('main');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const setOpenState = (next: boolean, restoreFocus = false) => {
    setOpen(next);
    setView('main');
    onOpenChange?.(next);
    if (!next && restoreFocus) buttonRef.current?.focus();
  };

  // Focus the first item (or the checked one) whenever a list opens.
  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]');
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
  }, [open, view]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setView('main');
        onOpenChange?.(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(index + 1);
        break;
      case 'ArrowUp':
        focus(index - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(items.length - 1);
        break;
      case 'ArrowLeft':
        if (view === 'main') return;
        setView('main');
        break;
      case 'Escape':
        setOpenState(false, true);
        break;
      case 'Tab':
        setOpenState(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const qualityValue =
    selectedLevel === -1
      ? autoLabel
      : (qualities.find((q) => q.level === selectedLevel)?.label ?? autoLabel);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Settings"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title="Settings"
        className={playerButton}
        onClick={() => setOpenState(!open)}
      >
        <Settings className={cn('size-5 transition-transform', open && 'rotate-45')} aria-hidden />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={
            view === 'main' ? 'Settings' : view === 'quality' ? 'Quality' : 'Playback speed'
          }
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 bottom-12 z-20 max-h-72 w-64 overflow-y-auto rounded-xl bg-black/90 p-2 shadow-xl"
        >
          {view === 'main' ? (
            <>
              {qualities.length > 0 ? (
                <Item aria-haspopup="menu" onSelect={() => setView('quality')}>
                  <span className="flex-1">Quality</span>
                  <span className="text-white/70">{qualityValue}</span>
                  <ChevronRight className="size-4" aria-hidden />
                </Item>
              ) : null}
              <Item aria-haspopup="menu" onSelect={() => setView('speed')}>
                <span className="flex-1">Playback speed</span>
                <span className="text-white/70">{speedLabel(speed)}</span>
                <ChevronRight className="size-4" aria-hidden />
              </Item>
            </>
          ) : (
            <>
              <Item onSelect={() => setView('main')}>
                <ChevronLeft className="size-4" aria-hidden />
                <span>{view === 'quality' ? 'Quality' : 'Playback speed'}</span>
              </Item>
              <div className="my-1 border-t border-white/20" role="separator" />
              {view === 'quality'
                ? [{ level: -1, label: autoLabel }, ...qualities].map((q) => (
                    <Item
                      key={q.level}
                      role="menuitemradio"
                      checked={q.level === selectedLevel}
                      onSelect={() => {
                        onSelectLevel(q.level);
                        setOpenState(false, true);
                      }}
                    >
                      <Check
                        className={cn('size-4', q.level !== selectedLevel && 'invisible')}
                        aria-hidden
                      />
                      {q.label}
                    </Item>
                  ))
                : SPEEDS.map((rate) => (
                    <Item
                      key={rate}
                      role="menuitemradio"
                      checked={Math.abs(rate - speed) < 1e-9}
                      onSelect={() => {
                        onSelectSpeed(rate);
                        setOpenState(false, true);
                      }}
                    >
                      <Check
                        className={cn('size-4', Math.abs(rate - speed) >= 1e-9 && 'invisible')}
                        aria-hidden
                      />
                      {speedLabel(rate)}
                    </Item>
                  ))}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
