import { useDocumentTitle } from '../../hooks/use-document-title';
import { ROUTES } from '@contract';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';

export function ComingSoonPage() {
  useDocumentTitle('Coming soon');
  return (
    <section className="flex min-h-[calc(100dvh-var(--spacing-topbar))] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <Hourglass className="size-16 text-ink-muted" aria-hidden />
      <h1 className="text-2xl font-semibold text-ink-strong sm:text-3xl">Coming Soon</h1>
      <p className="max-w-md text-ink">This part of Vidshare is not available yet.</p>
      <Link to={ROUTES.home} className={buttonStyles.secondary}>
        Browse videos
      </Link>
    </section>
  );
}
