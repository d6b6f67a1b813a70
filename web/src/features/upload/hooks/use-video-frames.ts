import { useEffect, useState } from 'react';
import { grabFrames } from '../utils/video-frames';

/**
 * Where the picker's frames come from: the local file being uploaded, or a processed video's
 * file (`ready` once processing has made it).
 */
export type FrameSource = { file: File } | { url: string; ready: boolean };

export type VideoFrame = { file: File; preview: string; at: number };

export type FramesState =
  | { status: 'none' | 'waiting' | 'loading' | 'unavailable'; frames: [] }
  | { status: 'ready'; frames: VideoFrame[] };

/** Three frames of the video, each as an image file ready to upload and a preview address. */
export function useVideoFrames(source: FrameSource | undefined): FramesState {
  const [state, setState] = useState<FramesState>({ status: 'none', frames: [] });
  const file = source && 'file' in source ? source.file : null;
  const url = source && 'url' in source ? source.url : null;
  const ready = source && 'url' in source ? source.ready : true;

  useEffect(() => {
    if (!file && !url) {
      setState({ status: 'none', frames: [] });
      return;
    }
    if (!ready) {
      setState({ status: 'waiting', frames: [] });
      return;
    }
    const controller = new AbortController();
    const fileUrl = file ? URL.createObjectURL(file) : null;
    const previews: string[] = [];
    setState({ status: 'loading', frames: [] });
    grabFrames(fileUrl ?? url!, controller.signal)
      .then((grabbed) => {
        if (controller.signal.aborted) return;
        const frames = grabbed.map(({ blob, at }, index) => {
          const preview = URL.createObjectURL(blob);
          previews.push(preview);
          return {
            file: new File([blob], `frame-${index + 1}.jpg`, { type: 'image/jpeg' }),
            preview,
            at,
          };
        });
        setState(
          frames.length ? { status: 'ready', frames } : { status: 'unavailable', frames: [] },
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'unavailable', frames: [] });
      });
    return () => {
      controller.abort();
      if (fileUrl) URL.revokeObjectURL(fileUrl);
      for (const preview of previews) URL.revokeObjectURL(preview);
    };
  }, [file, url, ready]);

  return state;
}
