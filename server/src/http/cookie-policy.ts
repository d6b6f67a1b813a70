/**
 * The attributes of the session cookie. A browser sends a `SameSite=Lax` cookie only on
 * requests from the same site (scheme and host here), so a web app or client on another site
 * allowed by CORS_ORIGINS could never stay signed in: for that, the cookie is
 * `SameSite=None; Secure`, which browsers accept over HTTPS and, for development, from
 * http://localhost and 127.0.0.1. Cross-site forgery stays refused by the Origin check every
 * write passes (plugins/security.ts), whatever the cookie says.
 */
export interface SessionCookiePolicy {
  sameSite: 'lax' | 'none';
  /** `auto`: Secure when the request came over HTTPS (a trusted proxy's word included). */
  secure: 'auto' | true;
}

/**
 * Whether `origin` is on another site than `publicUrl`: another scheme or another host (ports
 * do not make a site). Hosts are compared whole, so app.example and api.example count as two
 * sites: with no list of public suffixes at hand, erring that way only costs the Lax attribute,
 * never the sign-in.
 */
export function isCrossSite(origin: string, publicUrl: string): boolean {
  const a = new URL(origin);
  const b = new URL(publicUrl);
  return a.protocol !== b.protocol || a.hostname !== b.hostname;
}

export function sessionCookiePolicy(
  publicUrl: string,
  corsOrigins: readonly string[],
): SessionCookiePolicy {
  return corsOrigins.some((origin) => isCrossSite(origin, publicUrl))
    ? { sameSite: 'none', secure: true }
    : { sameSite: 'lax', secure: 'auto' };
}
