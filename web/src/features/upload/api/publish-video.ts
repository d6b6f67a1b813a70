import { API_BASE, API_PATHS } from '@contract';
import type { Video, Visibility } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../../lib/api-client';
import { refreshVideoLists } from '../../../lib/video-lists';
import { isPublishedFor } from '../utils/upload-rules';

export type PublishVideoInput = {
  title: string;
  description: string;
  hashtag: string;
  visibility: Visibility;
  /** The file itself (the multipart route), or `uploadId`: a finished resumable upload. */
  videoFile?: File;
  uploadId?: string;
  thumbnail: File;
  /** Seconds as text; the server reads the real length from the file. */
  duration: string;
};

export type PublishVideoRequest = {
  input: PublishVideoInput;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

export function toPublishForm(input: PublishVideoInput): FormData {
  const form = new FormData();
  form.append('title', input.title.trim());
  form.append('description', input.description.trim());
  form.append('hashtag', input.hashtag.trim());
  form.append('visibility', input.visibility);
  form.append('isPublished', String(isPublishedFor(input.visibility)));
  form.append('duration', input.duration);
  if (input.uploadId) form.append('uploadId', input.uploadId);
  // Files last: the server can reject bad text fields before reading megabytes.
  form.append('thumbnail', input.thumbnail);
  if (input.videoFile) form.append('videoFile', input.videoFile);
  return form;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Turns the finished request into the created video or the API's error shape. */
export function readPublishAnswer(status: number, responseText: string): Video {
  const body = parseJson(responseText);
  if (status < 200 || status >= 300) throw toApiError(status, body);
  const data = (body as { data?: Video } | null)?.data;
  if (!data || typeof data._id !== 'string') throw new ApiError(status, '');
  return data;
}

/**
 * XMLHttpRequest rather than fetch: only XHR reports upload progress, and a 25 MB file on a
 * slow link needs a visible progress bar.
 */
export function publishVideo({ input, onProgress, signal }: PublishVideoRequest): Promise<Video> {
  return new Promise<Video>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${API_PATHS.publishVideo}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readPublishAnswer(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(toPublishForm(input));
  });
}

/** Every video list and page refetches once the upload lands, so the feed shows it. */
export function usePublishVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishVideo,
    onSuccess: () => refreshVideoLists(queryClient),
  });
}
