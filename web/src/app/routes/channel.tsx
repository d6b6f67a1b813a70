import { Clapperboard } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';

export function ChannelPage() {
  const { username = '' } = useParams();

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="aspect-[6/1] w-full rounded-2xl bg-gradient-to-r from-raised via-hover to-raised" />
      <PageHeading className="mt-6 break-all">@{username}</PageHeading>
      <nav aria-label="Channel sections" className="mt-6 border-b border-line">
        <span
          aria-current="page"
          className="inline-block border-b-2 border-ink-strong px-1 pb-3 text-sm font-medium text-ink-strong"
        >
          Videos
        </span>
      </nav>
      <section aria-label="Channel videos" className="mt-6">
        <EmptyState icon={Clapperboard} title="This channel's videos will appear here" />
      </section>
    </div>
  );
}
