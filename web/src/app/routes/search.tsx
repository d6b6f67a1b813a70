import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { SearchResults } from '../../features/search/components/search-results';
import { SearchFilters } from '../../features/search/components/search-filters';
import { readSearchOptions } from '../../features/search/utils/search-options';

export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const options = readSearchOptions(params);
  useDocumentTitle(query || 'Search');

  return (
    <div className="mx-auto max-w-[1700px] px-4 py-6 sm:px-6">
      {query ? (
        <PageHeading className="break-words">
          Results for <span className="text-accent">“{query}”</span>
        </PageHeading>
      ) : (
        <PageHeading>Search</PageHeading>
      )}
      <section aria-labelledby="search-results-heading" className="mt-6">
        {/* Video titles are h3 under this, so the outline never skips a level. */}
        <h2 id="search-results-heading" className="sr-only">
          Search results
        </h2>
        {query && <SearchFilters query={query} options={options} />}
        <SearchResults query={query} options={options} />
      </section>
    </div>
  );
}
