import type { FastifyRequest } from 'fastify';
import { Metadata, TUS_RESUMABLE } from '@tus/utils';
import { AppError, badRequest } from '../lib/errors.js';
import { checkTusResumable, TusRefusal } from '../uploads/tus-patch.js';

// What the upload routes read of a tus request before tus sees it: its headers as a web
// `Headers`, its version, its metadata, and tus's refusals as ours.

/** The headers a request carried, as a web `Headers` (repeated ones joined). */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The protocol version first, as tus answers it, before any check of ours. */
export function requireTusVersion(request: FastifyRequest): void {
  try {
    checkTusResumable(request.headers);
  } catch (err) {
    if (!(err instanceof TusRefusal)) throw err;
    throw new AppError(err.status, err.message, [], { 'tus-resumable': TUS_RESUMABLE });
  }
}

/** A refusal from tus's rules or its datastores (which throw `{ status_code, body }`). */
export function asTusRefusal(err: unknown): TusRefusal | undefined {
  if (err instanceof TusRefusal) return err;
  const e = err as { status_code?: unknown; body?: unknown } | null;
  if (e && typeof e.status_code === 'number' && typeof e.body === 'string') {
    return new TusRefusal(e.status_code, e.body.trim());
  }
  return undefined;
}

/** `Upload-Metadata` (key base64-value pairs); unreadable is a 400. */
export function parseMetadata(
  header: string | string[] | undefined,
): Record<string, string | undefined> {
  if (header === undefined) return {};
  try {
    const parsed = Metadata.parse(Array.isArray(header) ? header.join(',') : header);
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v ?? undefined]));
  } catch {
    throw badRequest('Upload-Metadata is not valid: key and base64 value pairs.');
  }
}
