import type { z } from 'zod';
import type { FieldError } from './envelope.js';

/** A file part of a multipart body. */
export interface FilePart {
  /** Larger files are refused with 413 while they stream. */
  maxBytes: number;
  /** The 413's message. */
  tooLarge: string;
  /** The 400's message when the part is absent; an optional part has none. */
  required?: string;
  /** A text field that may stand in for this part when it is absent (an upload's id). */
  orField?: string;
  /** What OpenAPI says of it (documented as a binary string). */
  description: string;
}

/**
 * A multipart/form-data body: the schema of its text fields, which arrive as strings, and its
 * file parts. The server validates the text fields with `fields` and reports absent required
 * files after them; the OpenAPI document shows both (files as binary).
 */
export interface FormBody<S extends z.ZodType = z.ZodType> {
  fields: S;
  files: Readonly<Record<string, FilePart>>;
  /** Turns the text fields as sent into what `fields` checks (older field names, for one). */
  prepare?: (raw: Record<string, unknown>) => Record<string, unknown>;
}

export function formBody<S extends z.ZodType>(body: FormBody<S>): FormBody<S> {
  return body;
}

/** One message per field (the first rule it broke), in the order the form shows them. */
export function fieldErrorsOf(
  issues: readonly { path: PropertyKey[]; message: string }[],
): FieldError[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

export type FormBodyResult<S extends z.ZodType> =
  { success: true; data: z.output<S> } | { success: false; errors: FieldError[] };

/**
 * Checks a form's text fields, then that each required file is present: every problem, one
 * per field, text fields first.
 */
export function parseFormBody<S extends z.ZodType>(
  body: FormBody<S>,
  raw: Record<string, unknown>,
  hasFile: (name: string) => boolean,
): FormBodyResult<S> {
  const parsed = body.fields.safeParse(body.prepare ? body.prepare(raw) : raw);
  const errors = parsed.success ? [] : fieldErrorsOf(parsed.error.issues);
  for (const [name, part] of Object.entries(body.files)) {
    const replaced = part.orField !== undefined && raw[part.orField] !== undefined;
    if (part.required && !hasFile(name) && !replaced) {
      errors.push({ field: name, message: part.required });
    }
  }
  if (!parsed.success || errors.length > 0) return { success: false, errors };
  return { success: true, data: parsed.data };
}
