import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDuration } from '../../../lib/format';
import { loadHls } from '../../player';
import { UI_LIMITS } from '../../../lib/ui-constants';
import { useCssVars } from '../../../hooks/use-css-vars';

type VideoThumbnailProps = {
  thumbnail: string;
  videoFile: string;
  /** The HLS master playlist; the preview then plays its lowest rendition. */
  hlsUrl?: string | null;
  duration: number;
  /** Whether the pointer is over the card; the preview starts after it rests there a while. */
  hovering: boolean;
  /** The share the viewer has watched, drawn as a red bar along the bottom (0: none). */
  watched?: number;
  className?: string;
};

/** The red bar of a partly watched video; its width reaches CSS through the CSSOM. */
function WatchedBar({ fraction }: { fraction: number }) {
  const fill = useRef<HTMLDivElement>(null);
  useCssVars(fill, { '--watched': `${(fraction * 100).toFixed(2)}%` });
  return (
    <div
      role="progressbar"
      aria-label="Watched"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fraction * 100)}
      className="absolute inset-x-0 bottom-0 h-1 bg-white/35"
    >
      <div ref={fill} className="h-full w-(--watched) bg-red-600" />
    </div>
  );
}

/**
 * Thumbnail with a pulsing placeholder until the image arrives (or for good, if it fails),
 * the length as m:ss, and a muted preview once the pointer has rested on the card.
 */
export function VideoThumbnail({
  thumbnail,
  videoFile,
  hlsUrl = null,
  duration,
  hovering,
  watched = 0,
  className,
}: VideoThumbnailProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The preview element is only created on the first hover so idle cards fetch no video.
  const [previewStarted, setPreviewStarted] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const previewingRef = useRef(false);
  const loaded = loadedSrc === thumbnail && failedSrc !== thumbnail;

  useEffect(() => {
    if (!hovering) return;
    const timer = window.setTimeout(() => {
      setPreviewStarted(true);
      setPreviewing(true);
    }, UI_LIMITS.hoverPreviewMs);
    return () => {
      window.clearTimeout(timer);
      setPreviewing(false);
    };
  }, [hovering]);

  // The preview's source, attached once the element exists: the lowest HLS rendition through
  // hls.js (level 0, never switched up), else the MP4 file.
  useEffect(() => {
    const video = videoRef.current;
    if (!previewStarted || !video) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const play = () => {
      if (previewingRef.current) video.play().catch(() => undefined);
    };
    if (!hlsUrl) {
      video.src = videoFile;
      play();
      return;
    }
    void loadHls()
      .catch(() => null)
      .then((HlsClass) => {
        if (cancelled) return;
        if (!HlsClass) {
          video.src = videoFile;
          play();
          return;
        }
        const hls = new HlsClass({
          enableWorker: false,
          startLevel: 0,
          capLevelToPlayerSize: false,
          maxBufferLength: 10,
        });
        // Level 0 is the lowest rendition; automatic selection may never climb above it.
        hls.autoLevelCapping = 0;
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          hls.destroy();
          video.src = videoFile;
          play();
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
        play();
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [previewStarted, hlsUrl, videoFile]);

  useEffect(() => {
    const video = videoRef.current;
    previewingRef.current = previewing;
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
      <span
        data-testid="video-duration"
        className="absolute right-1.5 bottom-1.5 rounded bg-black/80 px-1 py-0.5 text-xs font-medium text-white"
      >
        {formatDuration(duration)}
      </span>
      {watched > 0 ? <WatchedBar fraction={watched} /> : null}
    </div>
  );
}
