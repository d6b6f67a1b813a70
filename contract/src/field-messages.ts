import { z } from 'zod';

/**
 * Messages that name the field, for the checks a schema leaves to zod's defaults: a field that
 * is missing reads "Username is required." instead of "Invalid input: expected string, received
 * undefined", and one of the wrong type "Page must be a number.". A schema's own message (the
 * product's wording, where it has one) always wins: zod asks this only when there is none.
 * Installed for every schema when this module loads: on the server, and in tests. The web app's
 * bundle treats the contract as free of side effects (web/vite.config.ts), so it does not
 * install these: its forms fill every field with text and choose from fixed options, so the
 * rules they can break carry the product's own message or zod's wording of a length, which
 * this leaves alone on the server too.
 */

/** A field's name as words: `fullName` → `Full name`, `videoFile` → `Video file`. */
export function fieldLabel(path: readonly PropertyKey[]): string | undefined {
  const name = [...path].reverse().find((p): p is string => typeof p === 'string');
  if (!name) return undefined;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : undefined;
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** The parts of a zod issue the message is made from. */
export interface FieldIssue {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  values?: readonly unknown[];
}

/** The message for `issue`, or undefined to keep zod's own (issues about no field in particular). */
export function fieldMessage(issue: FieldIssue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  if (!label) return undefined;
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined || issue.input === null) return `${label} is required.`;
    const kind = KINDS[issue.expected ?? ''];
    return kind ? `${label} must be ${kind}.` : `${label} is not valid.`;
  }
  if (issue.code === 'invalid_value' && issue.values && issue.values.length > 0) {
    return `${label} must be one of: ${issue.values.map(String).join(', ')}.`;
  }
  return undefined;
}

z.config({ customError: (issue) => fieldMessage(issue as FieldIssue) });
