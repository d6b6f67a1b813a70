import { cn } from '../../../lib/cn';
import { SKIN_TONE_LABELS, SKIN_TONES, type SkinTone } from '../utils/skin-tone';

const HANDS: Record<SkinTone, string> = {
  1: '\u{270B}',
  2: '\u{270B}\u{1F3FB}',
  3: '\u{270B}\u{1F3FC}',
  4: '\u{270B}\u{1F3FD}',
  5: '\u{270B}\u{1F3FE}',
  6: '\u{270B}\u{1F3FF}',
};

type SkinTonePickerProps = { value: SkinTone; onChange: (tone: SkinTone) => void };

/** Six tones as a radio group; arrow keys move the choice as radio groups do. */
export function SkinTonePicker({ value, onChange }: SkinTonePickerProps) {
  const move = (step: number) => {
    const index = SKIN_TONES.indexOf(value);
    const next = SKIN_TONES[(index + step + SKIN_TONES.length) % SKIN_TONES.length];
    if (next !== undefined) onChange(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label="Skin tone"
      className="flex items-center gap-0.5"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(1);
        else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(-1);
        else return;
        event.preventDefault();
        const group = event.currentTarget;
        // Focus follows the checked radio once React has re-rendered.
        requestAnimationFrame(() =>
          group.querySelector<HTMLElement>('[aria-checked="true"]')?.focus(),
        );
      }}
    >
      {SKIN_TONES.map((tone) => (
        <button
          key={tone}
          type="button"
          role="radio"
          aria-checked={tone === value}
          aria-label={SKIN_TONE_LABELS[tone]}
          title={SKIN_TONE_LABELS[tone]}
          tabIndex={tone === value ? 0 : -1}
          onClick={() => onChange(tone)}
          className={cn(
            'inline-flex size-7 items-center justify-center rounded-full text-base leading-none',
            tone === value ? 'bg-active ring-1 ring-accent' : 'hover:bg-hover',
          )}
        >
          {HANDS[tone]}
        </button>
      ))}
    </div>
  );
}
