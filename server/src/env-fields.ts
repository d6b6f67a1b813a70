import net from 'node:net';
import { z } from 'zod';

/**
 * Parsers for single environment variables: each turns the raw text into its typed value, with
 * the default for unset or empty, or reports what is wrong with the value given. The schema that
 * names every variable is `envSchema` in env-schema.ts.
 */

/** An unset variable and an empty one both mean "use the default". */
export const unset = (v: string | undefined): v is undefined | '' =>
  v === undefined || v.trim() === '';
const shown = (v: string) => JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);

/** A whole number in [min, max]; the message names the range and what was given. */
export function wholeNumber(fallback: number, min: number, max: number, hint = '') {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (unset(value)) return fallback;
      const n = Number(value.trim());
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number from ${min} to ${max}${hint} (got ${shown(value)})`,
        });
        return z.NEVER;
      }
      return n;
    });
}

/** An absolute http(s) URL without a trailing slash. */
function httpUrlText(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.toString().replace(/\/+$/, '');
}

/** An optional absolute http(s) URL. */
export function httpUrl() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (unset(value)) return undefined;
      const url = httpUrlText(value);
      if (!url) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an absolute http(s) URL (got ${shown(value)})`,
        });
        return z.NEVER;
      }
      return url;
    });
}

/** `a.b.c.d`, an IPv6 address, or either with a `/prefix` in range. */
export function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

export const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): boolean | string[] => {
    if (unset(value)) return false;
    const text = value.trim().toLowerCase();
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `must be true, false, or a comma-separated list of proxy addresses or CIDR ranges ` +
          `such as 10.0.0.0/8,::1 (got ${shown(value)})`,
      });
      return z.NEVER;
    }
    return entries;
  });

export function flag(fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (unset(value)) return fallback;
      const text = value.trim().toLowerCase();
      if (TRUE.has(text)) return true;
      if (FALSE.has(text)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got ${shown(value)})` });
      return z.NEVER;
    });
}

export const corsOrigins = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const entries = (value ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean);
    for (const entry of entries) {
      const url = httpUrlText(entry);
      if (!url || new URL(url).origin !== entry) {
        ctx.addIssue({
          code: 'custom',
          message: `entries must be origins like https://app.example, without a path (got ${shown(entry)})`,
        });
        return z.NEVER;
      }
    }
    return entries;
  });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const logLevel = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (unset(value)) return 'info';
    const level = value.trim().toLowerCase();
    if (!(LOG_LEVELS as readonly string[]).includes(level)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be one of ${LOG_LEVELS.join(', ')} (got ${shown(value)})`,
      });
      return z.NEVER;
    }
    return level;
  });

export const databaseUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (unset(value)) return undefined;
    if (!/^postgres(ql)?:\/\//.test(value.trim())) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a postgres:// URL (leave it unset for SQLite)',
      });
      return z.NEVER;
    }
    return value.trim();
  });

export const storageKind = z
  .string()
  .optional()
  .transform((value, ctx): 'local' | 's3' => {
    if (unset(value)) return 'local';
    const kind = value.trim().toLowerCase();
    if (kind === 'local' || kind === 's3') return kind;
    ctx.addIssue({ code: 'custom', message: `must be local or s3 (got ${shown(value)})` });
    return z.NEVER;
  });

/** S3's bucket naming rules (3 to 63 lowercase letters, digits, dots and hyphens). */
export const bucketName = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (unset(value)) return undefined;
    const name = value.trim();
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens (got ${shown(value)})`,
      });
      return z.NEVER;
    }
    return name;
  });

export const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (unset(v) ? fallback : v.trim()));

/** A secret of at least `min` characters, or undefined when unset. */
export const secretText = (min: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (unset(value)) return undefined;
      if (value.trim().length < min) {
        ctx.addIssue({ code: 'custom', message: `must be at least ${min} characters when set` });
        return z.NEVER;
      }
      return value.trim();
    });

/** A byte count, unset meaning no limit (undefined). */
export function optionalBytes() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (unset(value)) return undefined;
      const n = Number(value.trim());
      if (!Number.isSafeInteger(n) || n < 1) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number of bytes, 1 or more, or unset for no limit (got ${shown(value)})`,
        });
        return z.NEVER;
      }
      return n;
    });
}
/**
 * An SMTP server as a URL: `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS
 * from the start), with credentials in it (`smtp://user:pass@host:587`).
 */
export const smtpUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (unset(value)) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(value.trim());
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      ctx.addIssue({
        code: 'custom',
        // The value may carry a password: it is never repeated back.
        message: 'must be smtp://user:pass@host:port or smtps://user:pass@host:port',
      });
      return z.NEVER;
    }
    return value.trim();
  });

/** A sender address, bare (`no-reply@example.com`) or with a name (`Vidshare <no-reply@…>`). */
export const mailFrom = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (unset(value)) return undefined;
    const text = value.trim();
    const address = /<([^<>]+)>$/.exec(text)?.[1] ?? text;
    if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address) || /[\r\n]/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an address, or a name and an address: Vidshare <no-reply@example.com> (got ${shown(value)})`,
      });
      return z.NEVER;
    }
    return text;
  });
