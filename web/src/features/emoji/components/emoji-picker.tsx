import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadEmojiCatalog, type EmojiCatalog, type EmojiEntry } from '../utils/emoji-catalog';
import { readFrequent, readSkinTone, writeFrequent, writeSkinTone } from '../utils/emoji-storage';
import { FREQUENT_MAX, recordEmojiUse, type FrequentEntry } from '../utils/frequent';
import {
  countRows,
  nextRowLimit,
  ROW_BATCH,
  takeRows,
  toPickerLines,
  type PickerSection,
} from '../utils/picker-lines';
import type { PickerPlacement } from '../utils/picker-placement';
import { searchEmojis } from '../utils/search-emoji';
import { applySkinTone, type SkinTone } from '../utils/skin-tone';
import { SkinTonePicker } from './skin-tone-picker';

const FREQUENT_SECTION = 'frequent';
const panel =
  'absolute left-0 z-40 w-[21.5rem] max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-raised text-ink shadow-2xl shadow-black/50';

function buildSections(
  catalog: EmojiCatalog,
  frequent: FrequentEntry[],
  query: string,
): PickerSection<EmojiEntry>[] {
  if (query.trim() !== '') {
    return [{ id: 'results', label: 'Search results', items: searchEmojis(catalog, query) }];
  }
  const used = frequent
    .map((entry) => catalog.byId.get(entry.id))
    .filter((emoji): emoji is EmojiEntry => emoji !== undefined)
    .slice(0, FREQUENT_MAX);
  return [
    { id: FREQUENT_SECTION, label: 'Frequently used', items: used },
    ...catalog.categories.map((c) => ({ id: c.id, label: c.label, items: c.emojis })),
  ];
}

type PickerBodyProps = { catalog: EmojiCatalog; onPick: (emoji: string) => void };

function PickerBody({ catalog, onPick }: PickerBodyProps) {
  const [query, setQuery] = useState('');
  const [tone, setTone] = useState<SkinTone>(readSkinTone);
  // Read once per opening, so the list does not shift under the pointer while picking.
  const [frequent] = useState(readFrequent);
  const [rowLimit, setRowLimit] = useState(ROW_BATCH);
  const [jumpTo, setJumpTo] = useState<string | null>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();

  const sections = useMemo(
    () => buildSections(catalog, frequent, query),
    [catalog, frequent, query],
  );
  const lines = useMemo(() => toPickerLines(sections), [sections]);
  const totalRows = countRows(lines);
  const shown = takeRows(lines, rowLimit);

  // Rows arrive ten at a time as the sentinel under the last one scrolls into view.
  useEffect(() => {
    const root = scrollerRef.current;
    const sentinel = sentinelRef.current;
    if (!root || !sentinel || rowLimit >= totalRows) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRowLimit((limit) => nextRowLimit(limit, totalRows));
        }
      },
      { root, rootMargin: '0px 0px 48px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [rowLimit, totalRows]);

  useEffect(() => {
    if (jumpTo === null) return;
    const heading = document.getElementById(`${idPrefix}-${jumpTo}`);
    const root = scrollerRef.current;
    // The scroller is the headings' offset parent, so offsetTop is already relative to it.
    if (heading && root) root.scrollTop = heading.offsetTop;
    setJumpTo(null);
  }, [jumpTo, idPrefix, shown.length]);

  const jump = (sectionId: string) => {
    let rowsBefore = 0;
    for (const line of lines) {
      if (line.kind === 'heading' && line.key === `${sectionId}:heading`) break;
      if (line.kind === 'row') rowsBefore += 1;
    }
    setRowLimit((limit) => Math.max(limit, Math.min(totalRows, rowsBefore + ROW_BATCH)));
    setJumpTo(sectionId);
  };

  const pick = (emoji: EmojiEntry) => {
    onPick(applySkinTone(emoji, tone));
    writeFrequent(recordEmojiUse(readFrequent(), emoji.id));
  };

  const searching = query.trim() !== '';
  return (
    <>
      <div className="flex items-center gap-2 border-b border-line p-2">
        <input
          type="search"
          aria-label="Search emoji"
          placeholder="Search emoji"
          autoFocus
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setRowLimit(ROW_BATCH);
            if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
          }}
          className="h-8 min-w-0 flex-1 rounded-full border border-line bg-page px-3 text-sm text-ink-strong outline-none placeholder:text-ink-muted focus:border-accent"
        />
        <SkinTonePicker
          value={tone}
          onChange={(next) => {
            setTone(next);
            writeSkinTone(next);
          }}
        />
      </div>
      {searching ? null : (
        <nav aria-label="Emoji categories" className="flex gap-0.5 border-b border-line px-2 py-1">
          {sections
            .filter((section) => section.items.length > 0)
            .map((section) => (
              <button
                key={section.id}
                type="button"
                aria-label={section.label}
                title={section.label}
                onClick={() => jump(section.id)}
                className="inline-flex size-8 items-center justify-center rounded-lg text-lg leading-none hover:bg-hover"
              >
                {section.items[0] ? applySkinTone(section.items[0], 1) : null}
              </button>
            ))}
        </nav>
      )}
      <div ref={scrollerRef} className="relative h-64 overflow-y-auto px-2 pb-2">
        {searching && totalRows === 0 ? (
          <p className="py-8 text-center text-sm text-ink-muted">No emoji found</p>
        ) : null}
        {shown.map((line) =>
          line.kind === 'heading' ? (
            <h3
              key={line.key}
              id={`${idPrefix}-${line.key.replace(/:heading$/u, '')}`}
              className="pt-2 pb-1 text-xs font-medium text-ink-muted"
            >
              {line.label}
            </h3>
          ) : (
            <div key={line.key} className="grid grid-cols-9">
              {line.items.map((emoji) => (
                <button
                  key={emoji.id}
                  type="button"
                  aria-label={emoji.name}
                  title={emoji.name}
                  onClick={() => pick(emoji)}
                  className="inline-flex aspect-square items-center justify-center rounded-lg text-2xl leading-none hover:bg-hover focus-visible:bg-hover"
                >
                  {applySkinTone(emoji, tone)}
                </button>
              ))}
            </div>
          ),
        )}
        <div ref={sentinelRef} aria-hidden className="h-px" />
      </div>
    </>
  );
}

/** The picker panel: search, skin tone, frequently used emojis and every category. */
export function EmojiPicker({
  onPick,
  placement,
}: {
  onPick: (emoji: string) => void;
  placement: PickerPlacement;
}) {
  const catalog = useQuery({
    queryKey: ['emoji-catalog'],
    queryFn: loadEmojiCatalog,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (catalog.error) console.error('Loading the emoji data failed', catalog.error);
  }, [catalog.error]);

  return (
    <div
      role="dialog"
      aria-label="Emoji picker"
      className={cn(panel, placement === 'above' ? 'bottom-full mb-2' : 'top-full mt-2')}
    >
      {catalog.data ? (
        <PickerBody catalog={catalog.data} onPick={onPick} />
      ) : catalog.isLoadingError ? (
        <div className="flex h-40 flex-col items-center justify-center gap-3 text-sm">
          <p>Emoji could not be loaded.</p>
          <button
            type="button"
            onClick={() => void catalog.refetch()}
            className="inline-flex items-center gap-2 rounded-full bg-hover px-4 py-1.5 text-ink-strong hover:bg-active"
          >
            <RefreshCw className="size-4" aria-hidden />
            Try again
          </button>
        </div>
      ) : (
        <div className="flex h-40 items-center justify-center">
          <Spinner label="Loading emoji" />
        </div>
      )}
    </div>
  );
}
