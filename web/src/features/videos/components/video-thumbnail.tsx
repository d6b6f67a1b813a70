import { LIMITS } from '@contract';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDuration } from '../../../lib/format';

type VideoThumbnailProps = {
  thumbnail: string;
  videoFile: string;
  duration: number;
  /** Whether the pointer is over the card; the preview starts after it rests there a while. */
  hovering: boolean;
  className?: string;
};

/**
 * Thumbnail with a pulsing placeholder until the image arrives (or for good, if it fails),
 * the length as m:ss, and a muted preview once the pointer has rested on the card.
 */
export function VideoThumbnail({
  thumbnail,
  videoFile,
  duration,
  hovering,
  className,
}: VideoThumbnailProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The preview element is only created on the first hover so idle cards fetch no video.
  const [previewStarted, setPreviewStarted] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const loaded = loadedSrc === thumbnail && failedSrc !== thumbnail;

  useEffect(() => {
    if (!hovering) return;
    const timer = window.setTimeout(() => {
      setPreviewStarted(true);
      setPreviewing(true);
    }, LIMITS.hoverPreviewMs);
    return () => {
      window.clearTimeout(timer);
      setPreviewing(false);
    };
  }, [hovering]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (previewing) {
      // Browsers may still refuse to play (data saver, codec); the thumbnail stays visible then.
      video.play().catch(() => undefined);
    } else {
      // Stopped and rewound, so the next hover starts the preview from the beginning.
      video.pause();
      video.currentTime = 0;
    }
  }, [previewing]);

  return (
    <div className={cn('relative aspect-video overflow-hidden rounded-xl bg-hover', className)}>
      {!loaded ? <div className="absolute inset-0 animate-pulse bg-active" aria-hidden /> : null}
      {failedSrc !== thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setLoadedSrc(thumbnail)}
          onError={() => setFailedSrc(thumbnail)}
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity',
            loaded ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
      {previewStarted ? (
        <video
          ref={videoRef}
          src={videoFile}
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden
          tabIndex={-1}
          className={cn(
            'absolute inset-0 size-full bg-black object-cover',
            !previewing && 'invisible',
          )}
        />
      ) : null}
      <span className="absolute right-1.5 bottom-1.5 rounded bg-black/80 px-1 py-0.5 text-xs font-medium text-white">
        {formatDuration(duration)}
      </span>
    </div>
  );
}
