import { ChevronDown, ListVideo } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../../lib/cn';
import { claimEscape } from '../../../../components/ui/dialog';
import { inputClass } from '../../../../components/ui/text-field';
import { usePlaylists } from '../../../playlists';

type PlaylistSelectorProps = {
  value: readonly string[];
  onChange: (ids: string[]) => void;
};

/** The wizard's playlists: the uploader's own, ticked to add the video to them once uploaded. */
export function PlaylistSelector({ value, onChange }: PlaylistSelectorProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const query = usePlaylists(undefined, open || value.length > 0);
  const playlists = query.data?.pages.flatMap((page) => page.data) ?? [];
  const chosen = playlists.filter((p) => value.includes(p._id)).map((p) => p.title);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Escape closes only the list (never the upload dialog around it) and focus goes back to
  // the toggle, as it would not by itself from a checkbox that goes away with the list.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    claimEscape(event);
    setOpen(false);
    toggleRef.current?.focus();
  };

  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((chosenId) => chosenId !== id));

  return (
    <div ref={rootRef} className="relative min-w-52 flex-1" onKeyDown={closeOnEscape}>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className={cn(inputClass, 'flex h-10 items-center gap-2 text-left')}
      >
        <ListVideo className="size-4 shrink-0 text-ink-muted" aria-hidden />
        <span className="min-w-0 flex-1 truncate">
          {chosen.length > 0 ? chosen.join(', ') : 'Select playlists'}
        </span>
        <ChevronDown className="size-4 shrink-0 text-ink-muted" aria-hidden />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full right-0 left-0 z-10 mt-1 max-h-60 overflow-y-auto rounded-lg border border-line bg-raised p-1 shadow-xl"
        >
          {query.isPending ? (
            <p className="px-3 py-2 text-sm text-ink-muted">Loading playlists…</p>
          ) : query.isLoadingError ? (
            <p className="px-3 py-2 text-sm text-red-400">Your playlists could not be loaded.</p>
          ) : playlists.length === 0 ? (
            <p className="px-3 py-2 text-sm text-ink-muted">No playlists yet: create one.</p>
          ) : (
            <ul aria-label="Your playlists">
              {playlists.map((playlist) => (
                <li key={playlist._id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-ink-strong hover:bg-hover">
                    <input
                      type="checkbox"
                      checked={value.includes(playlist._id)}
                      onChange={(event) => toggle(playlist._id, event.currentTarget.checked)}
                      className="size-4 accent-accent"
                    />
                    <span className="truncate">{playlist.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
