import { LIMITS, MESSAGES } from '@contract';
import { Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { copyText } from '../utils/copy-text';
import { shareUrl } from '../utils/share-url';

/** Share opens a dialog whose Copy button puts the watch address on the clipboard. */
export function ShareButton({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), LIMITS.copiedMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    const done = await copyText(shareUrl(window.location.origin, videoId));
    if (done) setCopied(true);
    else console.error('Copying the share link failed');
  };

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonStyles.secondary}>
        <Share2 className="size-5" aria-hidden />
        Share
      </button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setCopied(false);
        }}
        title="Share"
      >
        <p className="mb-4 text-sm text-ink">Copy a link to this video to send it to someone.</p>
        <button type="button" onClick={() => void onCopy()} className={buttonStyles.primary}>
          {copied ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied ? MESSAGES.copied : 'Copy'}
        </button>
        <span role="status" className="sr-only">
          {copied ? 'Link copied to the clipboard' : ''}
        </span>
      </Dialog>
    </>
  );
}
