/**
 * The in-app path to land on after a redirect-based sign-in, or `fallback`.
 *
 * The value is parsed as a URL against the site's own address (`PUBLIC_URL`), the way a
 * browser would resolve it, and accepted only when the result is on the same origin with a
 * path that starts with exactly one `/`. Checking the text alone is not enough: dot segments
 * (`/..//evil.example`), tabs and newlines (which URL parsers drop) and backslashes (which
 * browsers read as slashes) can all turn a harmless-looking path into `//evil.example`, which
 * a browser follows to another site. What is returned is the parsed URL's own path, query
 * and fragment, so the Location header carries exactly what was checked.
 */
export function sanitizeReturnTo(value: unknown, publicUrl: string, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  // In-app paths only, and nothing a parser would silently drop or reinterpret.
  if (!value.startsWith('/') || /[\\\s\p{Cc}\p{Cf}]/u.test(value)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(publicUrl);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const { pathname } = url;
  // One leading slash; and no slash or backslash spelled in percent-encoding, which some
  // proxies and routers decode into a second one.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || /%(2f|5c)/i.test(pathname)) {
    return fallback;
  }
  const path = `${pathname}${url.search}${url.hash}`;
  if (/^\/(signin|signup)(?:[/?#]|$)/.test(path) || /^\/api(?:[/?#]|$)/.test(path)) {
    return fallback;
  }
  return path;
}
