import { z } from 'zod';

/**
 * Control characters (C0, DEL) have no place in a name, a title, a search or a path
 * parameter; NUL in particular cannot be stored in PostgreSQL text. Multi-line text (a
 * description, a comment) keeps tab and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export function hasControlCharacters(text: string, multiLine = false): boolean {
  return !(multiLine ? MULTI_LINE : SINGLE_LINE).test(text);
}

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters.`;

/** A single-line text rule for a schema: `z.string().regex(...)` with a clear message. */
export function singleLine(label: string) {
  return [SINGLE_LINE, controlCharactersMessage(label)] as const;
}

export function multiLine(label: string) {
  return [MULTI_LINE, controlCharactersMessage(label)] as const;
}

/** A free-text path parameter (a username, an id before it is checked): one line, bounded. */
export function textParam(label: string, max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .regex(...singleLine(label));
}
