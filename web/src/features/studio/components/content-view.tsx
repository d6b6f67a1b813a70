import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { StudioPlaylists } from '../../playlists';
import { ContentVideos } from './content-videos';
import { StudioTabs } from './studio-tabs';
import { UploadCta } from './upload-cta';

const TABS = [
  { id: 'videos', label: 'Videos' },
  { id: 'posts', label: 'Posts' },
  { id: 'playlists', label: 'Playlists' },
] as const;
type ContentTab = (typeof TABS)[number]['id'];

/** Channel content: the videos table, the playlists, and posts (which the site has not got yet). */
export function ContentView() {
  const [tab, setTab] = useState<ContentTab>('videos');
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageHeading>Channel content</PageHeading>
        <UploadCta label="Upload" />
      </div>
      <div className="mt-4">
        <StudioTabs label="Content types" tabs={TABS} value={tab} onChange={setTab} />
      </div>
      <div
        role="tabpanel"
        aria-label={TABS.find((item) => item.id === tab)?.label}
        className="mt-6"
      >
        {tab === 'videos' ? <ContentVideos /> : null}
        {tab === 'posts' ? (
          <EmptyState icon={MessageSquareText} title="No posts">
            Community posts are not available on this site yet, so there is nothing to list here.
          </EmptyState>
        ) : null}
        {tab === 'playlists' ? <StudioPlaylists /> : null}
      </div>
    </>
  );
}
