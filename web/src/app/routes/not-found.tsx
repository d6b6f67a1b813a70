import { useDocumentTitle } from '../../hooks/use-document-title';
import { ROUTES } from '@contract';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { UI_MESSAGES } from '../../lib/ui-constants';

export function NotFoundPage() {
  useDocumentTitle(UI_MESSAGES.pageNotFound);
  return (
    <section className="flex min-h-[calc(100dvh-var(--spacing-topbar))] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <SearchX className="size-16 text-ink-muted" aria-hidden />
      <h1 className="text-2xl font-semibold text-ink-strong sm:text-3xl">
        {UI_MESSAGES.pageNotFound}
      </h1>
      <p className="max-w-md text-ink">The page you are looking for does not exist.</p>
      <Link to={ROUTES.home} className={buttonStyles.secondary}>
        Browse videos
      </Link>
    </section>
  );
}
