import { MESSAGES } from '@contract';
import { VideoOff } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { isApiError } from '../../../lib/api-client';
import { LikedPlaylistPanel } from '../../liked/components/liked-playlist-panel';
import { useVideo } from '../../videos/api/get-video';
import { CommentsSection } from '../../comments/components/comments-section';
import { useCountView } from '../hooks/use-count-view';
import { ChannelRow } from './channel-row';
import { DescriptionBox } from './description-box';
import { DownloadButton } from './download-button';
import { LikePill } from './like-pill';
import { ShareButton } from './share-button';
import { SuggestedVideos } from './suggested-videos';
import { VideoPlayer } from './video-player';
import { WatchSkeleton } from './watch-skeleton';
import { RetryButton } from '../../../components/ui/retry-button';

function VideoMain({ videoId }: { videoId: string }) {
  const query = useVideo(videoId);
  const { error } = query;
  useCountView(videoId, query.isSuccess);

  useEffect(() => {
    if (error && !(isApiError(error) && error.status === 404)) {
      console.error('Loading the video failed', error);
    }
  }, [error]);

  if (query.isPending) return <WatchSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="min-w-0 flex-1">
        <EmptyState
          icon={VideoOff}
          title={missing ? MESSAGES.videoNotFound : 'The video could not be loaded'}
        >
          {missing ? (
            'It may have been removed, or it is not shared with you.'
          ) : (
            <RetryButton onRetry={() => void query.refetch()} />
          )}
        </EmptyState>
      </div>
    );
  }

  const video = query.data;
  return (
    <div className="min-w-0 flex-1">
      <VideoPlayer video={video} />
      <h1 className="mt-4 text-xl font-bold break-words text-ink-strong">{video.title}</h1>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <ChannelRow video={video} />
        <div className="flex flex-wrap items-center gap-2">
          <LikePill video={video} />
          <ShareButton videoId={video._id} />
          <DownloadButton videoId={video._id} />
        </div>
      </div>
      <div className="mt-4">
        <DescriptionBox video={video} />
      </div>
      <CommentsSection videoId={video._id} />
    </div>
  );
}

/** The watch page: the video with its actions, and other videos to watch next. */
export function WatchView({ videoId }: { videoId: string }) {
  // A suggestion opens lower down the page; the new video should start at the top.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [videoId]);

  return (
    <div className="mx-auto flex max-w-[1700px] flex-col gap-6 px-4 py-6 sm:px-6 xl:flex-row">
      <VideoMain key={videoId} videoId={videoId} />
      <div className="flex w-full shrink-0 flex-col gap-6 xl:w-96">
        <LikedPlaylistPanel currentId={videoId} />
        <SuggestedVideos currentId={videoId} />
      </div>
    </div>
  );
}
