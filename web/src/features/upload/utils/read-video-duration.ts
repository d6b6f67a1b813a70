/** Gives up on metadata that never arrives; the server reads the length itself anyway. */
const TIMEOUT_MS = 10_000;

/** The video's length in seconds from its metadata, or 0 when the browser cannot read it. */
export function readVideoDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let timer = 0;
    const finish = (seconds: number) => {
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    timer = window.setTimeout(() => finish(0), TIMEOUT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(video.duration);
    video.onerror = () => finish(0);
    video.src = url;
  });
}
