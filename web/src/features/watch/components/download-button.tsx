import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { downloadFileName, downloadVideo, saveBlob } from '../../videos';
import { useSignInGate } from '../hooks/use-sign-in-gate';
import { remainingDelay } from '../utils/remaining-delay';
import { UI_LIMITS, UI_MESSAGES } from '../../../lib/ui-constants';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Saves the file as video-{id}.mp4. The overlay stays at least a second so a fast download
 * does not just flash; a failure is only logged, as the product specifies.
 */
export function DownloadButton({ videoId }: { videoId: string }) {
  const [downloading, setDownloading] = useState(false);
  const mayAct = useSignInGate();

  const onClick = async () => {
    if (!mayAct(UI_MESSAGES.signInToDownload) || downloading) return;
    setDownloading(true);
    const startedAt = Date.now();
    try {
      const blob = await downloadVideo(videoId);
      await wait(remainingDelay(startedAt, Date.now(), UI_LIMITS.downloadOverlayMinMs));
      saveBlob(blob, downloadFileName(videoId));
    } catch (error) {
      console.error('Download failed', error);
      await wait(remainingDelay(startedAt, Date.now(), UI_LIMITS.downloadOverlayMinMs));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void onClick()}
        aria-busy={downloading || undefined}
        className={buttonStyles.secondary}
      >
        <Download className="size-5" aria-hidden />
        Download
      </button>
      {downloading ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70">
          <div className="flex items-center gap-3 rounded-2xl bg-raised px-6 py-4 text-ink-strong shadow-2xl">
            <LoaderCircle className="size-6 animate-spin text-ink-muted" aria-hidden />
            <span role="status">{UI_MESSAGES.downloading}</span>
          </div>
        </div>
      ) : null}
    </>
  );
}
