export type ContentEncoding = 'br' | 'gzip';

/**
 * The best of the encodings we hold a copy in that `Accept-Encoding` allows: brotli before
 * gzip (smaller), never one the client gave `q=0`; `*` covers the ones it did not name.
 * Undefined means send the file as it is.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  let best: ContentEncoding | undefined;
  for (const encoding of ['br', 'gzip'] as const) {
    if (!available.includes(encoding) || weightOf(encoding) <= 0) continue;
    if (best === undefined || weightOf(encoding) > weightOf(best)) best = encoding;
  }
  return best;
}
