import { cn } from '../../../lib/cn';

type StudioTabsProps<T extends string> = {
  label: string;
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
};

/** A row of tabs; each switches the panel below it (the panel is labelled by the tab list). */
export function StudioTabs<T extends string>({ label, tabs, value, onChange }: StudioTabsProps<T>) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-2 border-b border-line">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          onClick={() => onChange(tab.id)}
          className={cn(
            '-mb-px border-b-2 px-4 py-3 text-sm font-medium transition-colors',
            tab.id === value
              ? 'border-ink-strong text-ink-strong'
              : 'border-transparent text-ink hover:text-ink-strong',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
