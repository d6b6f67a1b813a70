import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { shareUrl } from '../utils/share-url';
import { UI_MESSAGES } from '../../../lib/ui-constants';

/** Share opens a dialog whose Copy button puts the watch address on the clipboard. */
export function ShareButton({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonStyles.secondary}>
        <Share2 className="size-5" aria-hidden />
        Share
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Share">
        <p className="mb-4 text-sm text-ink">Copy a link to this video to send it to someone.</p>
        <CopyButton
          text={() => shareUrl(window.location.origin, videoId)}
          label="Copy"
          copiedLabel={UI_MESSAGES.copied}
          announcement="Link copied to the clipboard"
          className={buttonStyles.primary}
        />
      </Dialog>
    </>
  );
}
