import type { Video } from '@contract';
import { useRef } from 'react';
import { LoadMore, type ListPaging } from '../../../components/ui/load-more';
import { VideoGrid } from './video-grid';

/** A grid of videos that loads its next page as the viewer nears its end (or asks for it). */
export function EndlessVideoGrid({
  videos,
  label,
  paging,
  id,
}: {
  videos: readonly Video[];
  label: string;
  paging: ListPaging;
  id?: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <>
      <VideoGrid ref={listRef} videos={videos} label={label} id={id} />
      <LoadMore paging={paging} listRef={listRef} count={videos.length} label="Show more videos" />
    </>
  );
}
