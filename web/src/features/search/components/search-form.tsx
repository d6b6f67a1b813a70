import { Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';
import { useSearchNavigation } from '../hooks/use-search-navigation';

export type SuggestionSlotProps = {
  query: string;
  /** Runs the search for a picked suggestion. */
  onPick: (text: string) => void;
};

type SearchFormProps = {
  className?: string;
  /** Where a suggestion list can hang below the input; it receives the live query. */
  renderSuggestions?: (props: SuggestionSlotProps) => ReactNode;
};

export function SearchForm({ className, renderSuggestions }: SearchFormProps) {
  const location = useLocation();
  const [params] = useSearchParams();
  const searchNavigate = useSearchNavigation();
  const currentQuery = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(currentQuery);
  const [shownQuery, setShownQuery] = useState(currentQuery);

  // Keeps the box in step with the URL (back/forward, chip clicks) without an effect.
  if (currentQuery !== shownQuery) {
    setShownQuery(currentQuery);
    setText(currentQuery);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    searchNavigate(text);
  };

  const pick = (value: string) => {
    setText(value);
    searchNavigate(value);
  };

  return (
    <form role="search" onSubmit={onSubmit} className={cn('relative flex min-w-0', className)}>
      <div className="relative flex min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 hidden size-4 -translate-y-1/2 text-ink-muted sm:block"
          aria-hidden
        />
        <input
          type="text"
          name="q"
          aria-label="Search"
          placeholder="Search"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-10 w-full min-w-0 rounded-l-full border border-line bg-[#121316] px-4 text-base text-ink-strong placeholder:text-ink-muted focus:border-accent focus:outline-none focus-visible:outline-none sm:pl-10"
        />
        {renderSuggestions?.({ query: text, onPick: pick })}
      </div>
      <button
        type="submit"
        aria-label="Search button"
        title="Search"
        className="flex h-10 w-14 shrink-0 items-center justify-center rounded-r-full border border-l-0 border-line bg-hover text-ink-strong transition-colors hover:bg-active sm:w-16"
      >
        <Search className="size-5" aria-hidden />
      </button>
    </form>
  );
}
