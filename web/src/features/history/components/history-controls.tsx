import { HISTORY_SEARCH_MAX } from '@contract';
import { Pause, Play, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useHistoryPaused, useSetHistoryPaused } from '../api/history-paused';
import { useClearHistory } from '../api/remove-history';

type HistoryControlsProps = { query: string; onSearch: (q: string) => void };

/** Search within the history, clear it, pause it. */
export function HistoryControls({ query, onSearch }: HistoryControlsProps) {
  const [text, setText] = useState(query);
  const [confirming, setConfirming] = useState(false);
  const paused = useHistoryPaused();
  const setPaused = useSetHistoryPaused();
  const clear = useClearHistory();
  const isPaused = paused.data?.paused ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <aside aria-label="History controls" className="flex flex-col gap-4 lg:w-80 lg:shrink-0">
      <form role="search" onSubmit={submit} className="flex items-center gap-2">
        <label htmlFor="history-search" className="sr-only">
          Search watch history
        </label>
        <input
          id="history-search"
          type="search"
          value={text}
          maxLength={HISTORY_SEARCH_MAX}
          placeholder="Search watch history"
          onChange={(event) => setText(event.currentTarget.value)}
          className={inputClass}
        />
        <button type="submit" aria-label="Search" className={buttonStyles.icon}>
          <Search className="size-5" aria-hidden />
        </button>
      </form>
      <button
        type="button"
        className={`${buttonStyles.ghost} justify-start`}
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="size-5" aria-hidden />
        Clear all watch history
      </button>
      <button
        type="button"
        className={`${buttonStyles.ghost} justify-start`}
        disabled={paused.isPending || setPaused.isPending}
        aria-pressed={isPaused}
        onClick={() => setPaused.mutate(!isPaused)}
      >
        {isPaused ? (
          <Play className="size-5" aria-hidden />
        ) : (
          <Pause className="size-5" aria-hidden />
        )}
        {isPaused ? 'Turn on watch history' : 'Pause watch history'}
      </button>
      {isPaused ? (
        <p role="status" className="text-sm text-ink-muted">
          Watch history is paused: videos you watch are not added to it.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Clear watch history?"
        confirmLabel="Clear watch history"
        pending={clear.isPending}
        error={
          clear.isError ? errorMessage(clear.error, 'The history could not be cleared.') : null
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => clear.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        Every video you watched, and where you stopped in it, will be forgotten. This cannot be
        undone.
      </ConfirmDialog>
    </aside>
  );
}
