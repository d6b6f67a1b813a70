import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { serverReachable } from './page-error-boundary';
import { buttonStyles } from '../components/ui/button-styles';
import { useDocumentTitle } from '../hooks/use-document-title';

/** Last-resort screen when a page throws while rendering or its code fails to load. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  console.error(error);
  const [unreachable, setUnreachable] = useState(false);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'An unexpected error occurred.';
  // Reloading while the server is away would leave the tab on the browser's error page.
  const reload = async () => {
    if (await serverReachable()) window.location.reload();
    else setUnreachable(true);
  };

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <TriangleAlert className="size-14 text-ink-muted" aria-hidden />
      <h1 className="text-2xl font-semibold text-ink-strong">Something went wrong</h1>
      <p className="max-w-md text-ink">
        {unreachable
          ? 'Vidshare cannot be reached right now. Try again in a moment.'
          : `${detail} Reloading the page usually helps.`}
      </p>
      <button type="button" className={buttonStyles.secondary} onClick={() => void reload()}>
        Reload page
      </button>
    </div>
  );
}
