import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { loadHls } from '../utils/load-hls';
import { isMediaGone, sourcesMoved, type MediaSources } from '../utils/media-moved';
import type { Rendition } from '../utils/playback-options';
import { browserStorage } from '../utils/sound-preference';
import {
  chooseStartLevel,
  readBandwidthEstimate,
  startEstimate,
  writeBandwidthEstimate,
} from '../utils/start-level';

/** How often, at most, the bandwidth estimate is written down while fragments arrive. */
const KEEP_ESTIMATE_MS = 2000;

/** The browser's own idea of the link, in Mbit/s (Network Information; Chromium only). */
function browserDownlink(): number | undefined {
  return (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
}

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

/** Where a source left off, for the one that replaces it in the same player. */
type Position = { at: number; playing: boolean };

/**
 * Once the element knows its length: back to `at`, and playing again if it was. Returns what
 * forgets it, should the source go before then.
 */
function resumeWhenReady(video: HTMLVideoElement, { at, playing }: Position): () => void {
  const resume = () => {
    video.currentTime = at;
    if (playing) video.play().catch(() => undefined);
  };
  video.addEventListener('loadedmetadata', resume, { once: true });
  return () => video.removeEventListener('loadedmetadata', resume);
}

/**
 * Attaches the best source the browser can play: HLS through hls.js where Media Source
 * Extensions exist, native HLS (Safari) otherwise, and the progressive MP4 when there is no
 * HLS or hls.js gives up on it.
 *
 * A video's media moves while people watch it: encoded again (the old files are deleted once
 * the new ones are in place), or made private and back. When the server answers a media
 * request "not here", `reload` reads the video again; if it plays from somewhere else now, its
 * new sources arrive as props and play on from the same moment, instead of the player
 * stopping (or falling back to an MP4 that moved too). A new source for any other reason (a
 * background refresh that found the move first) carries the position over the same way.
 */
export function useMediaSource(
  ref: RefObject<HTMLVideoElement | null>,
  { hlsUrl, videoFile }: MediaSources,
  reload?: () => Promise<MediaSources | null | undefined>,
): MediaSourceState {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState<number | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const reloadRef = useRef(reload);
  const carried = useRef<Position | null>(null);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    let hls: Hls | null = null;
    let keepOnDestroy: (() => void) | undefined;
    // Where the previous source of this player left off, if it had started.
    const resumeFrom = carried.current;
    carried.current = null;
    const forget: (() => void)[] = [];
    if (resumeFrom) forget.push(resumeWhenReady(video, resumeFrom));
    let checked: Promise<boolean> | undefined;

    /**
     * The server said a source is not there: reads the video again, once per source. True
     * when someone else takes over: it moved (its new sources come as props, and this effect
     * is cleaned up) or it is gone (the page says so instead of the player). A read that
     * failed says neither, so the next "not there" asks again.
     */
    const movedOrGone = () =>
      (checked ??= (async () => {
        const read = reloadRef.current;
        if (!read) return false;
        const fresh = await read().catch(() => undefined);
        if (fresh === null) return true;
        if (fresh === undefined) {
          checked = undefined;
          return false;
        }
        return sourcesMoved({ hlsUrl, videoFile }, fresh);
      })());

    const onElementError = () => {
      const code = video.error?.code;
      // An MP4 that is not there any more reads as unsupported (Chromium) or a network error.
      if (
        code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED ||
        code === MediaError.MEDIA_ERR_NETWORK
      ) {
        void movedOrGone();
      }
    };

    const progressive = () => {
      keepOnDestroy = undefined;
      hls?.destroy();
      hls = null;
      hlsRef.current = null;
      setRenditions([]);
      setPlayingLevel(null);
      video.addEventListener('error', onElementError);
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
          video.addEventListener('error', onElementError);
          video.src = hlsUrl;
          setEngine('native-hls');
        } else {
          progressive();
        }
        return;
      }
      // A sharp start: the first rendition is the one that fits the player, as far as the
      // bandwidth estimate kept from the last session (else the browser's) can carry it, and
      // hls.js's own estimate starts from it instead of its default 500 kbit/s.
      const storage = browserStorage();
      const estimate = startEstimate(readBandwidthEstimate(storage), browserDownlink());
      // No worker: hls.js would start it from a blob: URL, which the CSP does not allow.
      const created = new HlsClass({
        enableWorker: false,
        capLevelToPlayerSize: true,
        // Loading waits until the start rendition is chosen from the parsed manifest.
        autoStartLoad: false,
        ...(estimate !== null
          ? { abrEwmaDefaultEstimate: estimate, abrEwmaDefaultEstimateMax: Math.max(estimate, 5e6) }
          : {}),
      });
      hls = created;
      hlsRef.current = created;
      let recoveredMedia = false;
      let keptAt = 0;
      const keepEstimate = () => {
        try {
          writeBandwidthEstimate(storage, created.bandwidthEstimate);
        } catch {
          // An instance torn down (fallen back to the MP4) has no estimate left to keep.
        }
      };
      created.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
        setRenditions(data.levels.map((l) => ({ height: l.height, bitrate: l.bitrate })));
        const box = video.getBoundingClientRect();
        const ratio = window.devicePixelRatio || 1;
        created.startLevel = chooseStartLevel(
          data.levels,
          { width: box.width * ratio, height: box.height * ratio },
          estimate,
        );
        created.startLoad(resumeFrom ? resumeFrom.at : -1);
      });
      created.on(HlsClass.Events.FRAG_LOADED, () => {
        const now = Date.now();
        if (now - keptAt < KEEP_ESTIMATE_MS) return;
        keptAt = now;
        keepEstimate();
      });
      keepOnDestroy = keepEstimate;
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (cancelled) return;
        const gone =
          data.type === HlsClass.ErrorTypes.NETWORK_ERROR && isMediaGone(data.response?.code);
        // hls.js asks for a segment that is not there a few times and then, with one
        // rendition, waits without a fatal error: the first such answer is when to look.
        if (gone) void movedOrGone();
        if (!data.fatal) return;
        if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
          recoveredMedia = true;
          hls?.recoverMediaError();
          return;
        }
        const fallBack = () => {
          console.error('HLS playback failed; playing the MP4 file instead', data.details);
          const position = { at: video.currentTime, playing: !video.paused };
          progressive();
          forget.push(resumeWhenReady(video, position));
        };
        if (!gone) return fallBack();
        void movedOrGone().then((takenOver) => {
          if (!takenOver && !cancelled) fallBack();
        });
      });
      hls.loadSource(hlsUrl);
      hls.attachMedia(video);
      setEngine('hls.js');
    };
    void attach();

    return () => {
      cancelled = true;
      // Kept for the source that replaces this one (unmounting, nothing reads it).
      carried.current =
        video.readyState >= HTMLMediaElement.HAVE_METADATA && video.currentTime > 0
          ? { at: video.currentTime, playing: !video.paused && !video.ended }
          : resumeFrom;
      video.removeEventListener('error', onElementError);
      for (const undo of forget) undo();
      // The estimate this session ended with is where the next one starts.
      keepOnDestroy?.();
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
