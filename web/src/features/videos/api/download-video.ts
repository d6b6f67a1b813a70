import { API_BASE, API_PATHS } from '@contract';
import { ApiError, toApiError } from '../../../lib/api-client';

/** The file name the product saves downloads under, whatever the stored format. */
export function downloadFileName(id: string): string {
  return `video-${id}.mp4`;
}

/**
 * Fetches the video file as a blob. The JSON client cannot be used: the success answer is
 * the raw file, and only failures carry the envelope.
 */
export async function downloadVideo(id: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${API_PATHS.downloadVideo(id)}`, {
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '');
  }
  if (!response.ok) {
    const type = response.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
    throw toApiError(response.status, body);
  }
  return response.blob();
}

/** Hands a blob to the browser's download manager under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking straight away can cancel the download in some browsers; a moment later is safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
