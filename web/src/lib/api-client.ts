import { API_BASE } from '@contract';
import { ERROR_REASONS, type Envelope, type ErrorReason, type FieldError } from '@contract';

/** A non-2xx answer (or an unreachable server, status 0) in one shape the UI can show. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** The envelope's `reason`, on the few refusals that carry one (a video being processed). */
  readonly reason: ErrorReason | undefined;
  /** The refusal's `code` when it has one (`email_unverified`), for the UI to act on. */
  readonly code: string | undefined;
  /** Sign-in only: the password was right and a two-factor code is needed. */
  readonly totpRequired: boolean;

  constructor(
    status: number,
    message: string,
    fieldErrors: FieldError[] = [],
    extra: { code?: string; totpRequired?: boolean; reason?: ErrorReason } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.reason = extra.reason;
    this.code = extra.code;
    this.totpRequired = extra.totpRequired === true;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A 404: what was asked for is gone for this viewer (deleted, made private, blocked). A page
 * that already shows it gives way then, and only then: TanStack Query keeps a query's data
 * when a later read fails (a refetch, a list's next page) yet reports an error, so pages show
 * a failed read in place of their content only when it was the first (`isLoadingError`).
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldError[] =>
    isRecord(item) && typeof item.message === 'string'
      ? [{ field: typeof item.field === 'string' ? item.field : '', message: item.message }]
      : [],
  );
}

/**
 * Builds the error for a failed answer. Proxies and the platform itself can answer
 * with bodies that are not the API envelope, so nothing about the body is trusted.
 */
export function toApiError(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status, '');
  const message = typeof body.message === 'string' ? body.message : '';
  const reason = (ERROR_REASONS as readonly unknown[]).includes(body.reason)
    ? (body.reason as ErrorReason)
    : undefined;
  return new ApiError(status, message, readFieldErrors(body.errors), {
    code: typeof body.code === 'string' ? body.code : undefined,
    totpRequired: body.totpRequired === true,
    reason,
  });
}

/** The server's message for an error, or the caller's fallback when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Sends a request to the same-origin API with the session cookie and returns the parsed body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // Cancellation must reach TanStack Query untouched; anything else means no answer at all.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '');
  }

  const parsed = await readBody(response);
  if (!response.ok) throw toApiError(response.status, parsed);
  // A success without a readable body (a cut connection, a proxy's HTML page) is no answer.
  if (parsed === null && response.status !== 204) throw new ApiError(0, '');
  return parsed as T;
}

/** Sends a request whose success answer is the standard envelope and returns its `data`. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await apiRequest<Envelope<T>>(path, options);
  return envelope.data;
}
