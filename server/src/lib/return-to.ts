/**
 * The in-app path to land on after a redirect-based sign-in, or '/'. Only same-site paths pass:
 * "//host", "/\host" and absolute URLs would leave the site; the sign-in pages would loop, and
 * API paths are not pages.
 */
export function sanitizeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || hasUnsafeCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://same.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://same.invalid') return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (/^\/(signin|signup)(?:[/?#]|$)/.test(path) || /^\/api(?:[/?#]|$)/.test(path)) {
    return fallback;
  }
  return path;
}

/** Backslashes and control characters: browsers read them in ways that can change the host. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}
