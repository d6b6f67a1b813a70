import { z } from 'zod';

export const CURSOR_INVALID = 'cursor is not valid.';

/**
 * Where the next page of a list starts: a list answer's `nextCursor`, sent back as it came.
 * With it the page follows the last row shown (keyset paging), so videos added meanwhile are
 * neither shown twice nor skipped; `page` then only labels the answer. Without it, `page` and
 * `limit` page by position, as clients that know only them expect.
 */
export const cursorQuerySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,512}$/, CURSOR_INVALID)
  .optional()
  .describe(
    'The nextCursor of the previous page, as it came: the page then starts after that page’s last row, whatever was added meanwhile.',
  );

export const nextCursorSchema = z
  .string()
  .nullable()
  .describe(
    'Send as cursor for the next page; null when this page is the last (or the order, such as views, moves too often to follow).',
  );
