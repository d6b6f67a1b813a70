import { useEffect } from 'react';
import { documentTitle, SITE_NAME } from '../lib/document-title';

/** Sets the tab's title for the page that calls it; every route calls it once. */
export function useDocumentTitle(subject: string | null | undefined, site: string = SITE_NAME) {
  const title = documentTitle(subject, site);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
