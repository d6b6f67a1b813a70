import type { Upload } from 'tus-js-client';

export type UploadConstructor = typeof Upload;

let pending: Promise<UploadConstructor> | null = null;

/**
 * tus-js-client, loaded the first time a file is picked: the upload lives in the top bar on
 * every page, but only someone uploading needs the client (about 15 KB gzip). A failed load
 * may be retried.
 */
export function loadTus(): Promise<UploadConstructor> {
  pending ??= import('tus-js-client')
    .then((module) => module.Upload)
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
