import { ROUTES } from '@contract';

/** Where a search for `text` leads, or null when there is nothing to search for. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query === '' ? null : ROUTES.search(query);
}

/** Topic shortcuts (sidebar entries, home chips) search for their name in lower case. */
export function topicSearchPath(topic: string): string {
  return ROUTES.search(topic.trim().toLocaleLowerCase('en-US'));
}
