import net from 'node:net';

export interface PictureFetchOptions {
  /** The fetch to use; the global one unless a test passes another. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

export const PICTURE_TIMEOUT_MS = 5000;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Whether a profile picture URL may be fetched at all. The URL comes from a verified ID token,
 * but the server is the one fetching it: only https to a named host (no IP literals, no
 * localhost, no credentials), so it cannot be pointed at this machine or its network by number.
 */
export function isFetchablePictureUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (url.port !== '' && url.port !== '443') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host) !== 0) return false;
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return false;
  return true;
}

/**
 * Downloads the provider's profile picture under a time and size limit, without following
 * redirects. Answers the raw bytes; the caller decodes and re-encodes them like an upload.
 */
export async function fetchProfilePicture(
  url: string,
  options: PictureFetchOptions = {},
): Promise<Buffer> {
  if (!isFetchablePictureUrl(url)) throw new Error('picture URL not allowed');
  const maxBytes = options.maxBytes ?? PICTURE_MAX_BYTES;
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url, {
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs ?? PICTURE_TIMEOUT_MS),
    headers: { accept: 'image/*' },
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`picture answered ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new Error('picture too large');
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error('picture too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
