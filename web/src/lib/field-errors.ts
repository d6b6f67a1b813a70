import { fieldErrorsOf } from '@contract';
import type { ZodType } from 'zod';

/**
 * A form's values checked by the contract's schema for the request it becomes: one message per
 * field, the first rule it broke, in the server's words, so the form refuses exactly what the
 * server would.
 */
export function fieldErrors<F extends string>(
  schema: ZodType,
  values: Record<string, unknown>,
): Partial<Record<F, string>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const { field, message } of fieldErrorsOf(parsed.error.issues)) errors[field as F] = message;
  return errors;
}
