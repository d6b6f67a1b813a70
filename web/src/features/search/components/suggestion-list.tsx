import { Search } from 'lucide-react';
import type { VideoSuggestion } from '../../videos';

export type SuggestionSlotProps = {
  suggestions: readonly VideoSuggestion[];
  /** Index of the option the arrow keys have highlighted, or -1. */
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  /** Opens the picked video's watch page. */
  onPick: (suggestion: VideoSuggestion) => void;
};

/** The dropdown under the search box (listbox pattern; focus stays in the text box). */
export function SuggestionList({
  suggestions,
  activeIndex,
  listboxId,
  optionId,
  onPick,
}: SuggestionSlotProps) {
  return (
    <ul
      id={listboxId}
      role="listbox"
      aria-label="Search suggestions"
      className="absolute top-full left-0 z-50 mt-1 w-full min-w-[min(18rem,calc(100vw-7.5rem))] overflow-hidden rounded-xl border border-line bg-raised py-2 shadow-2xl shadow-black/50"
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion._id}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          // Keeps focus (and the open list) in the text box while the click completes.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(suggestion)}
          className="flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-ink-strong hover:bg-hover aria-selected:bg-hover"
        >
          <Search className="size-4 shrink-0 text-ink-muted" aria-hidden />
          <span className="truncate">{suggestion.title}</span>
        </li>
      ))}
    </ul>
  );
}
