import { Play, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { countdownLeft, isTyping } from '../utils/autoplay-preference';

/** What the card shows of the video that plays next. */
export type UpNextVideo = { title: string; thumbnail: string; channel: string };

export const UP_NEXT_SECONDS = 5;

/**
 * Over the ended video: what plays next and a countdown to it, with Cancel (stay here, the
 * player offers Replay) and Play now. Mounted when the video ends, so each end counts afresh.
 * The countdown holds while the viewer is typing (a comment, a search), so leaving for the
 * next video never takes a draft away; Play now still goes at once.
 */
export function UpNextCard({
  video,
  onPlay,
  onCancel,
}: {
  video: UpNextVideo;
  onPlay(): void;
  onCancel(): void;
}) {
  const [left, setLeft] = useState(UP_NEXT_SECONDS);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    let elapsed = 0;
    let last = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      const typing = isTyping(document.activeElement);
      if (!typing) elapsed += now - last;
      last = now;
      setHeld(typing);
      const seconds = countdownLeft(elapsed, UP_NEXT_SECONDS);
      setLeft(seconds);
      if (seconds === 0) {
        window.clearInterval(timer);
        onPlay();
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [onPlay]);

  return (
    <section
      aria-label="Up next"
      data-testid="up-next"
      className="absolute inset-0 z-10 flex items-center justify-center bg-black/80 p-3 text-white"
    >
      <div className="flex w-full max-w-md flex-col gap-2 sm:gap-3">
        <p className="text-xs text-white/80 sm:text-sm">
          {held ? (
            'Up next (waiting while you type)'
          ) : (
            <>
              Up next in <span data-testid="up-next-seconds">{left}</span>
            </>
          )}
        </p>
        {/* Said once when the card appears; the seconds are left to the eye. */}
        <p className="sr-only" role="status">
          Up next: {video.title}
        </p>
        <div className="flex min-w-0 gap-3">
          <img
            src={video.thumbnail}
            alt=""
            className="hidden aspect-video w-32 shrink-0 rounded-md bg-white/10 object-cover min-[420px]:block sm:w-40"
          />
          <div className="min-w-0">
            <p className="line-clamp-2 font-semibold break-words sm:text-lg">{video.title}</p>
            <p className="truncate text-xs text-white/70 sm:text-sm">{video.channel}</p>
          </div>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex h-9 items-center gap-1.5 rounded-full bg-white/15 px-4 text-sm font-medium hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X className="size-4" aria-hidden />
            Cancel
          </button>
          <button
            type="button"
            onClick={onPlay}
            className="inline-flex h-9 items-center gap-1.5 rounded-full bg-white px-4 text-sm font-semibold text-black hover:bg-white/90"
          >
            <Play className="size-4 fill-current" aria-hidden />
            Play now
          </button>
        </div>
      </div>
    </section>
  );
}
