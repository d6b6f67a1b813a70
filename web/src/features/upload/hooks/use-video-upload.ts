import type { Video } from '@contract';
import { useCallback, useRef, useState } from 'react';
import { usePublishVideo, type PublishVideoInput } from '../api/publish-video';
import { addCaption, type SubtitleDraft } from '../api/captions';
import { errorMessage } from '../../../lib/api-client';
import { readVideoDuration } from '../utils/read-video-duration';
import { uploadErrorMessage } from '../utils/upload-error';
import { durationText, progressPercent } from '../utils/upload-rules';

export type UploadDraft = Omit<PublishVideoInput, 'duration'> & {
  /** Subtitle files, uploaded once the video is. */
  subtitles?: SubtitleDraft[];
};

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; title: string; percent: number }
  | { status: 'success'; title: string; video: Video; warning?: string }
  | { status: 'error'; title: string; message: string };

/** One upload at a time, with its progress kept after the dialog that started it has closed. */
export function useVideoUpload() {
  const { mutateAsync } = usePublishVideo();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (draft: UploadDraft) => {
      const abort = new AbortController();
      controller.current = abort;
      const title = draft.title.trim();
      setState({ status: 'uploading', title, percent: 0 });
      try {
        const duration = durationText(await readVideoDuration(draft.videoFile));
        const { subtitles = [], ...fields } = draft;
        const video = await mutateAsync({
          input: { ...fields, duration },
          signal: abort.signal,
          onProgress: (loaded, total) =>
            setState({ status: 'uploading', title, percent: progressPercent(loaded, total) }),
        });
        const failed: string[] = [];
        for (const subtitle of subtitles) {
          try {
            await addCaption(video._id, subtitle);
          } catch (error) {
            failed.push(`${subtitle.language}: ${errorMessage(error, 'not added')}`);
          }
        }
        setState({
          status: 'success',
          title,
          video,
          ...(failed.length > 0
            ? { warning: `Some subtitles were not added (${failed.join('; ')}).` }
            : {}),
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ status: 'idle' });
        } else {
          setState({ status: 'error', title, message: uploadErrorMessage(error) });
        }
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [mutateAsync],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, dismiss };
}
