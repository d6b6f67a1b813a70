import { LIMITS, ROUTES } from '@contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';
import { useVideoSuggestions, type VideoSuggestion } from '../../videos';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSearchNavigation } from '../hooks/use-search-navigation';
import { nextActiveIndex } from '../utils/suggestion-nav';
import { SuggestionList } from './suggestion-list';

const SUGGEST_DELAY_MS = 150;

type SearchFormProps = {
  className?: string;
  autoFocus?: boolean;
  /** Called once a search or a suggestion has been opened. */
  onDone?: () => void;
  /** Escape with no suggestion list open (the list, when open, closes first). */
  onEscape?: () => void;
};

export function SearchForm({ className, autoFocus = false, onDone, onEscape }: SearchFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const searchNavigate = useSearchNavigation();
  const currentQuery = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(currentQuery);
  const [shownQuery, setShownQuery] = useState(currentQuery);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const listboxId = useId();

  // Keeps the box in step with the URL (back/forward, chip clicks) without an effect.
  if (currentQuery !== shownQuery) {
    setShownQuery(currentQuery);
    setText(currentQuery);
  }

  const typed = text.trim();
  const settled = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const { data } = useVideoSuggestions(settled);
  // Nothing is offered for blank text, even if an older answer is still cached.
  const suggestions =
    typed !== '' && settled !== '' ? (data ?? []).slice(0, LIMITS.suggestionsMax) : [];
  const expanded = open && suggestions.length > 0;
  const active = expanded && activeIndex < suggestions.length ? activeIndex : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

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
    setActiveIndex(-1);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    searchNavigate(text);
    onDone?.();
  };

  const pick = (suggestion: VideoSuggestion) => {
    close();
    void navigate(ROUTES.watch(suggestion._id));
    onDone?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActiveIndex(expanded ? nextActiveIndex(active, event.key, suggestions.length) : 0);
    } else if (event.key === 'Escape' && (open || onEscape)) {
      event.preventDefault();
      if (expanded || !onEscape) close();
      else onEscape();
    } else if (event.key === 'Enter' && active >= 0) {
      const suggestion = suggestions[active];
      if (!suggestion) return;
      event.preventDefault();
      pick(suggestion);
    }
  };

  return (
    <form
      ref={rootRef}
      role="search"
      onSubmit={onSubmit}
      className={cn('relative flex min-w-0', className)}
    >
      <div className="relative flex min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 hidden size-4 -translate-y-1/2 text-ink-muted sm:block"
          aria-hidden
        />
        <input
          type="text"
          name="q"
          aria-label="Search"
          aria-autocomplete="list"
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder="Search"
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full min-w-0 rounded-l-full border border-line bg-[#121316] px-4 text-base text-ink-strong placeholder:text-ink-muted focus:border-accent focus:outline-none focus-visible:outline-none sm:pl-10"
        />
        {expanded ? (
          <SuggestionList
            suggestions={suggestions}
            activeIndex={active}
            listboxId={listboxId}
            optionId={optionId}
            onPick={pick}
          />
        ) : null}
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
