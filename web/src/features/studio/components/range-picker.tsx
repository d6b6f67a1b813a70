import { ANALYTICS_RANGES } from '@contract';
import type { AnalyticsRange } from '@contract';
import { cn } from '../../../lib/cn';

type RangePickerProps = { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void };

/** 7, 28 or 90 days, as toggle buttons; the pressed one is the range on screen. */
export function RangePicker({ value, onChange }: RangePickerProps) {
  return (
    <div role="group" aria-label="Date range" className="flex gap-1 rounded-full bg-raised p-1">
      {ANALYTICS_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
          className={cn(
            'rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
            value === range ? 'bg-ink-strong text-black' : 'text-ink hover:bg-hover',
          )}
        >
          {range} days
        </button>
      ))}
    </div>
  );
}
