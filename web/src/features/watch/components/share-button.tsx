import { Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { cn } from '../../../lib/cn';
import { playerTime } from '../../../lib/player-seek';
import { UI_MESSAGES } from '../../../lib/ui-constants';
import { parseStartTime } from '@contract';
import { shareEmbedCode, shareUrl } from '../utils/share-url';
import { formatChapterTime } from '../utils/chapter-time';

type Tab = 'link' | 'embed';

/**
 * Share opens a dialog with two tabs: the link (Copy puts the watch address on the clipboard)
 * and the embed code; "Start at" makes either begin where the player is (editable).
 */
export function ShareButton({ videoId, title }: { videoId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('link');
  const [startOn, setStartOn] = useState(false);
  const [startText, setStartText] = useState('0:00');
  const ids = useId();
  const startAt = startOn ? parseStartTime(startText) : undefined;
  const startInvalid = startOn && startAt === undefined;

  const openDialog = () => {
    setStartText(formatChapterTime(playerTime() ?? 0));
    setOpen(true);
  };
  const origin = window.location.origin;
  const tabClass = (selected: boolean) =>
    cn(
      'border-b-2 px-3 py-2 text-sm font-medium',
      selected ? 'border-ink-strong text-ink-strong' : 'border-transparent text-ink-muted',
    );

  return (
    <>
      <button type="button" onClick={openDialog} className={buttonStyles.secondary}>
        <Share2 className="size-5" aria-hidden />
        Share
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Share">
        <div role="tablist" aria-label="Share as" className="mb-4 flex gap-2 border-b border-line">
          {(['link', 'embed'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${ids}-${name}-tab`}
              aria-selected={tab === name}
              aria-controls={`${ids}-${name}`}
              onClick={() => setTab(name)}
              className={tabClass(tab === name)}
            >
              {name === 'link' ? 'Link' : 'Embed'}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${ids}-${tab}`} aria-labelledby={`${ids}-${tab}-tab`}>
          {tab === 'link' ? (
            <>
              <p className="mb-4 text-sm text-ink">
                Copy a link to this video to send it to someone.
              </p>
              <CopyButton
                text={() => shareUrl(origin, videoId, startAt)}
                label="Copy"
                copiedLabel={UI_MESSAGES.copied}
                announcement="Link copied to the clipboard"
                className={buttonStyles.primary}
              />
            </>
          ) : (
            <>
              <label htmlFor={`${ids}-code`} className="mb-2 block text-sm text-ink">
                Paste this code into a web page to show the video there.
              </label>
              <textarea
                id={`${ids}-code`}
                readOnly
                rows={4}
                value={shareEmbedCode(origin, videoId, title, startAt)}
                onFocus={(e) => e.currentTarget.select()}
                className="mb-3 w-full resize-none rounded-lg border border-line bg-transparent p-2 font-mono text-xs text-ink-strong"
              />
              <CopyButton
                text={() => shareEmbedCode(origin, videoId, title, startAt)}
                label="Copy embed code"
                copiedLabel={UI_MESSAGES.copied}
                announcement="Embed code copied to the clipboard"
                className={buttonStyles.primary}
              />
            </>
          )}
        </div>
        <div className="mt-4 flex items-center gap-2 border-t border-line pt-3 text-sm">
          <input
            id={`${ids}-start`}
            type="checkbox"
            checked={startOn}
            onChange={(e) => setStartOn(e.currentTarget.checked)}
          />
          <label htmlFor={`${ids}-start`}>Start at</label>
          <input
            aria-label="Start time"
            value={startText}
            disabled={!startOn}
            aria-invalid={startInvalid}
            onChange={(e) => setStartText(e.currentTarget.value)}
            className="w-20 rounded border border-line bg-transparent px-2 py-1 text-ink-strong disabled:opacity-50"
          />
          {startInvalid ? <span className="text-red-300">Use m:ss or 1m30s</span> : null}
        </div>
      </Dialog>
    </>
  );
}
