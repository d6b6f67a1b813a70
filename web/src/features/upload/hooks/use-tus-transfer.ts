import { API_BASE, API_PATHS, UPLOAD_CHUNK, nextChunkBytes } from '@contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { bytesPerSecond, keepRecent, secondsLeft, type Sample } from '../utils/transfer-rate';

export type TransferPhase = 'idle' | 'uploading' | 'paused' | 'complete' | 'error';

export type TransferState = {
  phase: TransferPhase;
  sent: number;
  total: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** The upload's id once created: what publishing sends. */
  uploadId: string | null;
  /** True when this file's earlier upload (a reload, a dropped network) was picked up again. */
  resumed: boolean;
  error: string | null;
  /** The envelope's `code` of a refused request (`email_unverified`), for the page to act on. */
  errorCode: string | null;
};

const IDLE: TransferState = {
  phase: 'idle',
  sent: 0,
  total: 0,
  bytesPerSecond: null,
  secondsLeft: null,
  uploadId: null,
  resumed: false,
  error: null,
  errorCode: null,
};

/** Our envelope in a failed tus request's answer, when it carried one. */
function refusal(error: unknown): { message?: unknown; code?: unknown } | undefined {
  const body = (error as DetailedError | undefined)?.originalResponse?.getBody?.();
  if (!body) return undefined;
  try {
    return JSON.parse(body) as { message?: unknown; code?: unknown };
  } catch {
    return undefined; // not our envelope
  }
}

/** The server's message in a failed tus request (our envelope), else a plain one. */
export function transferErrorMessage(error: unknown): string {
  const message = refusal(error)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  return 'The upload stopped. Check your connection and press Resume.';
}

/** The envelope's machine-readable `code` of a failed tus request, if any. */
export function transferErrorCode(error: unknown): string | null {
  const code = refusal(error)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * A resumable upload (tus) of one file, started as soon as the file is picked: chunked
 * PATCHes, speed and time left, pause, resume and cancel. The browser remembers the upload's
 * URL by the file's name, size and date, so picking the same file again after a reload or a
 * dropped network resumes from the server's offset.
 */
export function useTusTransfer() {
  const [state, setState] = useState<TransferState>(IDLE);
  const upload = useRef<Upload | null>(null);
  const samples = useRef<Sample[]>([]);

  const measure = useCallback((sent: number, total: number) => {
    samples.current = keepRecent([...samples.current, { at: Date.now(), bytes: sent }]);
    const rate = bytesPerSecond(samples.current);
    setState((current) => ({
      ...current,
      sent,
      total,
      bytesPerSecond: rate,
      secondsLeft: secondsLeft(total - sent, rate),
    }));
  }, []);

  const start = useCallback(
    async (file: File) => {
      upload.current?.abort();
      samples.current = [];
      // Chunks start at 8 MiB and grow on a fast link (UPLOAD_CHUNK): each PATCH costs a round
      // trip and the server's checks, so a 1 GiB file on a LAN goes in about 20, not 128.
      let chunkStarted = 0;
      const next = new Upload(file, {
        endpoint: `${API_BASE}${API_PATHS.uploads}`,
        chunkSize: UPLOAD_CHUNK.minBytes,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        metadata: { filename: file.name, filetype: file.type },
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => measure(sent, total),
        onBeforeRequest: (request) => {
          if (request.getMethod() === 'PATCH') chunkStarted = performance.now();
        },
        onChunkComplete: (bytes) => {
          const seconds = (performance.now() - chunkStarted) / 1000;
          next.options.chunkSize = nextChunkBytes(next.options.chunkSize ?? 0, bytes, seconds);
        },
        onSuccess: () =>
          setState((current) => ({
            ...current,
            phase: 'complete',
            sent: file.size,
            secondsLeft: 0,
            uploadId: idOf(next.url),
          })),
        onError: (error) =>
          setState((current) => ({
            ...current,
            phase: 'error',
            error: transferErrorMessage(error),
            errorCode: transferErrorCode(error),
            bytesPerSecond: null,
            secondsLeft: null,
          })),
        onUploadUrlAvailable: () =>
          setState((current) => ({ ...current, uploadId: idOf(next.url) })),
      });
      upload.current = next;
      setState({ ...IDLE, phase: 'uploading', total: file.size });
      const previous = await next.findPreviousUploads();
      if (previous[0]) {
        next.resumeFromPreviousUpload(previous[0]);
        setState((current) => ({ ...current, resumed: true }));
      }
      next.start();
    },
    [measure],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    samples.current = [];
    setState((current) =>
      current.phase === 'uploading'
        ? { ...current, phase: 'paused', bytesPerSecond: null, secondsLeft: null }
        : current,
    );
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    setState((current) => ({ ...current, phase: 'uploading', error: null, errorCode: null }));
    upload.current.start();
  }, []);

  /** Stops and removes the upload from the server (tus termination). */
  const cancel = useCallback(() => {
    const current = upload.current;
    upload.current = null;
    samples.current = [];
    setState(IDLE);
    if (current) void current.abort(true).catch(() => {});
  }, []);

  // A dialog that unmounts for good leaves the upload where it was: picking the file resumes it.
  useEffect(() => () => void upload.current?.abort(), []);

  return { state, start, pause, resume, cancel };
}

function idOf(url: string | null): string | null {
  return url ? (url.split('/').pop() ?? null) : null;
}
