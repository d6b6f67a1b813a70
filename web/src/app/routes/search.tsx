import { SearchIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';

export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      {query ? (
        <PageHeading className="break-words">
          Results for <span className="text-accent">“{query}”</span>
        </PageHeading>
      ) : (
        <PageHeading>Search</PageHeading>
      )}
      <section aria-label="Search results" className="mt-6">
        {query ? (
          <EmptyState icon={SearchIcon} title="Matching videos will appear here">
            Videos whose title or hashtag contains your search are listed in this space.
          </EmptyState>
        ) : (
          <EmptyState icon={SearchIcon} title="Search for videos">
            Type a title or hashtag into the search box at the top of the page.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
