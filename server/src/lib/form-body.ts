import { parseFormBody, type FormBody } from '@contract';
import type { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * A form's text fields as its contract body checks them, or a 400 naming every problem (the
 * first one as the message); required files must be among `files`.
 */
export function formFieldsOrThrow<S extends z.ZodType>(
  body: FormBody<S>,
  fields: Record<string, unknown>,
  files: Readonly<Record<string, unknown>>,
  fallback: string,
): z.output<S> {
  const parsed = parseFormBody(body, fields, (name) => files[name] !== undefined);
  if (!parsed.success) throw badRequest(parsed.errors[0]?.message ?? fallback, parsed.errors);
  return parsed.data;
}
