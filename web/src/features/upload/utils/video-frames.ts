/** Where in a video the picker's frames are taken: evenly inside it, never its first or last moment. */
export function frameTimes(duration: number, count = 3): number[] {
  if (!Number.isFinite(duration) || duration <= 0) return [];
  return Array.from({ length: count }, (_, i) => (duration * (i + 1)) / (count + 1));
}

/** The size a frame is drawn at: the video's own, no wider than `maxWidth`. */
export function frameSize(
  videoWidth: number,
  videoHeight: number,
  maxWidth = 1280,
): { width: number; height: number } {
  if (videoWidth <= 0 || videoHeight <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / videoWidth);
  return { width: Math.round(videoWidth * scale), height: Math.round(videoHeight * scale) };
}

function once(target: HTMLVideoElement, name: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(name, done);
      target.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(name, done);
      reject(new Error('The video could not be read.'));
    };
    target.addEventListener(name, done, { once: true });
    target.addEventListener('error', failed, { once: true });
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
      once: true,
    });
  });
}

/**
 * Frames of a video as JPEG images, read by the browser itself: the local file being uploaded,
 * or a processed video's MP4. No server work; a video the browser cannot decode (or a file
 * served from another origin without CORS, which would taint the canvas) gives none.
 */
export async function grabFrames(
  src: string,
  signal: AbortSignal,
  count = 3,
): Promise<{ blob: Blob; at: number }[]> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  if (new URL(src, window.location.href).origin !== window.location.origin) {
    video.crossOrigin = 'anonymous';
  }
  try {
    const loaded = once(video, 'loadeddata', signal);
    video.src = src;
    await loaded;
    const canvas = document.createElement('canvas');
    const size = frameSize(video.videoWidth, video.videoHeight);
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context || size.width === 0) return [];
    const frames: { blob: Blob; at: number }[] = [];
    for (const at of frameTimes(video.duration, count)) {
      const seeked = once(video, 'seeked', signal);
      video.currentTime = at;
      await seeked;
      context.drawImage(video, 0, 0, size.width, size.height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', 0.9),
      );
      if (blob) frames.push({ blob, at });
    }
    return frames;
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}
