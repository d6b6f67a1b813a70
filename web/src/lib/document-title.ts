export const SITE_NAME = 'Vidshare';

/**
 * The browser tab's title: the page's own subject first, as YouTube does ("Cats - Vidshare"),
 * or the site's name alone for the front page and while the subject is still loading.
 */
export function documentTitle(
  subject: string | null | undefined,
  site: string = SITE_NAME,
): string {
  const trimmed = subject?.replace(/\s+/g, ' ').trim();
  return trimmed ? `${trimmed} - ${site}` : site;
}
