import { useDocumentTitle } from '../../hooks/use-document-title';
import { ROUTES } from '@contract';
import { MonitorSmartphone } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { UI_LIMITS } from '../../lib/ui-constants';

export function StudioUnavailablePage() {
  useDocumentTitle('Studio unavailable');
  return (
    <section className="flex min-h-[calc(100dvh-var(--spacing-topbar))] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <MonitorSmartphone className="size-16 text-ink-muted" aria-hidden />
      <h1 className="text-2xl font-semibold text-ink-strong sm:text-3xl">
        Studio mode is unavailable on small devices
      </h1>
      <p className="max-w-md text-ink">
        Vidshare Studio needs a window at least {UI_LIMITS.studioMinWidth} pixels wide. Open it on a
        larger screen or widen this window.
      </p>
      <Link to={ROUTES.home} className={buttonStyles.secondary}>
        Browse videos
      </Link>
    </section>
  );
}
