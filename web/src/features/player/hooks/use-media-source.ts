import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { loadHls } from '../utils/load-hls';
import type { Rendition } from '../utils/playback-options';

/** How the element gets its bytes: hls.js over MSE, the browser's own HLS, or the MP4 file. */
export type Engine = 'hls.js' | 'native-hls' | 'progressive';

export type MediaSourceState = {
  engine: Engine | null;
  /** Renditions in hls.js level order (empty unless hls.js plays). */
  renditions: Rendition[];
  /** The chosen level, -1 for automatic selection. */
  selectedLevel: number;
  /** The level playing now (hls.js), null before the first switch. */
  playingLevel: number | null;
  selectLevel(level: number): void;
  /** Set once a source is attached: the moment to try autoplay. */
  attached: boolean;
};

type Sources = { hlsUrl: string | null; videoFile: string };

/**
 * Attaches the best source the browser can play: HLS through hls.js where Media Source
 * Extensions exist, native HLS (Safari) otherwise, and the progressive MP4 when there is no
 * HLS or hls.js gives up on it.
 */
export function useMediaSource(
  ref: RefObject<HTMLVideoElement | null>,
  { hlsUrl, videoFile }: Sources,
): MediaSourceState {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState<number | null>(null);
  const hlsRef = useRef<Hls | null>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    let hls: Hls | null = null;

    const progressive = () => {
      hls?.destroy();
      hls = null;
      hlsRef.current = null;
      setRenditions([]);
      setPlayingLevel(null);
      video.src = videoFile;
      setEngine('progressive');
    };

    const attach = async () => {
      if (!hlsUrl) return progressive();
      const HlsClass = await loadHls().catch((error: unknown) => {
        console.error('Loading the HLS player failed', error);
        return null;
      });
      if (cancelled) return;
      if (!HlsClass) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = hlsUrl;
          setEngine('native-hls');
        } else {
          progressive();
        }
        return;
      }
      // No worker: hls.js would start it from a blob: URL, which the CSP does not allow.
      hls = new HlsClass({ enableWorker: false, capLevelToPlayerSize: true });
      hlsRef.current = hls;
      let recoveredMedia = false;
      hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
        setRenditions(data.levels.map((l) => ({ height: l.height, bitrate: l.bitrate })));
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal || cancelled) return;
        if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
          recoveredMedia = true;
          hls?.recoverMediaError();
          return;
        }
        console.error('HLS playback failed; playing the MP4 file instead', data.details);
        const resumeAt = video.currentTime;
        const wasPlaying = !video.paused;
        progressive();
        video.addEventListener(
          'loadedmetadata',
          () => {
            video.currentTime = resumeAt;
            if (wasPlaying) video.play().catch(() => undefined);
          },
          { once: true },
        );
      });
      hls.loadSource(hlsUrl);
      hls.attachMedia(video);
      setEngine('hls.js');
    };
    void attach();

    return () => {
      cancelled = true;
      hls?.destroy();
      hlsRef.current = null;
      video.removeAttribute('src');
      video.load();
    };
  }, [ref, hlsUrl, videoFile]);

  const selectLevel = useCallback((level: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // currentLevel switches now (dropping the buffer ahead), as a viewer picking a quality expects.
    hls.currentLevel = level;
    setSelectedLevel(level);
  }, []);

  return {
    engine,
    renditions,
    selectedLevel,
    playingLevel,
    selectLevel,
    attached: engine !== null,
  };
}
