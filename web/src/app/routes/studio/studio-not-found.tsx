import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ROUTES } from '@contract';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { UI_MESSAGES } from '../../../lib/ui-constants';

export function StudioNotFoundPage() {
  useDocumentTitle(UI_MESSAGES.pageNotFound, 'Vidshare Studio');
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <SearchX className="size-16 text-ink-muted" aria-hidden />
      <h1 className="text-2xl font-semibold text-ink-strong">{UI_MESSAGES.pageNotFound}</h1>
      <p className="max-w-md text-ink">This Studio page does not exist.</p>
      <Link to={ROUTES.studioDashboard} className={buttonStyles.secondary}>
        Open the dashboard
      </Link>
    </section>
  );
}
