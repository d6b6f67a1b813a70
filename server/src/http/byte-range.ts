/** What a GET of `size` bytes answers for its Range header. */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range (RFC 9110 §14.1.2): `a-b`, `a-` or the suffix `-n`. A header this cannot
 * read, or one asking for several ranges, is ignored (the whole file is a valid answer to it);
 * a readable range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  const first = m[1] === '' ? undefined : Number(m[1]);
  const last = m[2] === '' ? undefined : Number(m[2]);
  if (
    (first !== undefined && !Number.isSafeInteger(first)) ||
    (last !== undefined && !Number.isSafeInteger(last))
  ) {
    return { kind: 'full' };
  }
  if (first === undefined) {
    // Suffix: the last n bytes.
    if (last === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - (last ?? 0)), end: size - 1 };
  }
  if (last !== undefined && last < first) return { kind: 'full' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: first, end: Math.min(last ?? size - 1, size - 1) };
}

/** A strong validator for an immutable key: its size and write time. */
export function entityTag(size: number, modifiedAt: number): string {
  return `"${size.toString(36)}-${Math.floor(modifiedAt).toString(36)}"`;
}

/** If-None-Match: `*` or a list of tags, compared weakly (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
