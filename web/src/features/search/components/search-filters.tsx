import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/cn';
import {
  activeFilterCount,
  SEARCH_OPTION_GROUPS,
  searchPathWith,
  toggleOption,
  type SearchOptions,
} from '../utils/search-options';

/**
 * YouTube's filter panel: upload date, duration and order, each a column of links to the same
 * search with that choice (chosen again, it is cleared). Links, so every choice has an address
 * and the back button undoes it.
 */
export function SearchFilters({ query, options }: { query: string; options: SearchOptions }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = activeFilterCount(options);

  return (
    <div className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={cn(buttonStyles.ghost, 'px-3')}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        Filters
        {count > 0 && <span className="text-accent">({count})</span>}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Search filters"
          className="mt-2 grid gap-6 border-b border-line pb-4 sm:grid-cols-3"
        >
          {SEARCH_OPTION_GROUPS.map((group) => (
            <div key={group.name} role="group" aria-labelledby={`${panelId}-${group.name}`}>
              <h3
                id={`${panelId}-${group.name}`}
                className="border-b border-line pb-2 text-xs font-semibold tracking-wide text-ink-strong uppercase"
              >
                {group.title}
              </h3>
              <ul className="mt-2 space-y-1">
                {group.choices.map((choice) => {
                  const current =
                    options[group.name] === choice.value ||
                    (group.name === 'sortBy' && !options.sortBy && choice.value === 'createdAt');
                  const next = toggleOption(
                    options,
                    group.name,
                    choice.value as NonNullable<SearchOptions[typeof group.name]>,
                  );
                  return (
                    <li key={choice.value}>
                      <Link
                        to={searchPathWith(query, next)}
                        aria-current={current ? 'true' : undefined}
                        className={cn(
                          'inline-flex items-center gap-1 rounded py-1 text-sm hover:text-ink-strong',
                          current ? 'font-semibold text-ink-strong' : 'text-ink-muted',
                        )}
                      >
                        {choice.label}
                        {current && group.name !== 'sortBy' && (
                          <X className="size-3.5" aria-label="(remove)" />
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
