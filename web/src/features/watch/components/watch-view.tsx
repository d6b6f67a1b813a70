import { LoaderCircle, VideoOff } from 'lucide-react';
import { useEffect } from 'react';
import type { QueueItem } from '../../../lib/playlist-queue';
import { useSuggestions } from '../hooks/use-suggestions';
import { useUpNext } from '../hooks/use-up-next';
import { cn } from '../../../lib/cn';
import { useTheatreMode } from '../hooks/use-theatre-mode';
import { EmptyState } from '../../../components/ui/empty-state';
import { isNotFound } from '../../../lib/api-client';
import { LikedPlaylistPanel } from '../../liked';
import { PlaylistPanel, SaveButton } from '../../playlists';
import { useVideo } from '../../videos';
import { CommentsSection } from '../../comments';
import { useCountView } from '../hooks/use-count-view';
import { ChannelRow } from './channel-row';
import { DescriptionBox } from './description-box';
import { DownloadButton } from './download-button';
import { LikePill } from './like-pill';
import { ReportVideoButton } from './report-video-button';
import { ShareButton } from './share-button';
import { SuggestedVideos } from './suggested-videos';
import { ProcessingNotice, isStillProcessing, readAgainOutcome } from '../../videos';
import { WatchPlayer } from './watch-player';
import { WatchSkeleton } from './watch-skeleton';
import { RetryButton } from '../../../components/ui/retry-button';
import { UI_MESSAGES } from '../../../lib/ui-constants';

// Player, details and the side column share one grid, so theatre mode moves the player across
// both columns without re-creating it (which would restart the video).
const playerArea = (theatre: boolean) =>
  cn('min-w-0 xl:col-start-1 xl:row-start-1', theatre && 'xl:col-span-2');
const detailsArea = 'min-w-0 xl:col-start-1 xl:row-start-2';
const wholeMainArea = 'min-w-0 xl:col-start-1 xl:row-span-2 xl:row-start-1';

type VideoMainProps = {
  videoId: string;
  theatre: boolean;
  onToggleTheatre(): void;
  upNext: QueueItem | null;
};

function VideoMain({ videoId, theatre, onToggleTheatre, upNext }: VideoMainProps) {
  const query = useVideo(videoId);
  const { error } = query;
  useCountView(videoId, query.isSuccess);

  useEffect(() => {
    if (error && !isNotFound(error)) {
      console.error('Loading the video failed', error);
    }
  }, [error]);

  if (query.isPending) {
    return (
      <div className={wholeMainArea}>
        <WatchSkeleton />
      </div>
    );
  }
  if (query.isError && isStillProcessing(query.error)) {
    // Someone with the link to a video not ready yet: no title, and it plays here when ready
    // (the query asks again meanwhile).
    return (
      <div className={wholeMainArea}>
        <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black">
          <div className="flex flex-col items-center gap-3 px-6 text-center">
            <LoaderCircle className="size-8 animate-spin text-accent" aria-hidden />
            <h1 className="text-lg font-semibold text-white">{UI_MESSAGES.videoProcessing}</h1>
            <p className="text-sm text-white/80">
              It will start playing here as soon as it is ready.
            </p>
          </div>
        </div>
      </div>
    );
  }
  // A later read that fails (a refetch answered 500 after its retries) keeps the page and
  // its player; only a video never shown, or gone, gives way to the panel.
  if (query.isLoadingError || isNotFound(query.error)) {
    const missing = isNotFound(query.error);
    return (
      <div className={wholeMainArea}>
        <EmptyState
          icon={VideoOff}
          headingLevel={1}
          title={missing ? UI_MESSAGES.videoNotFound : 'The video could not be loaded'}
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
    <>
      <div className={playerArea(theatre)}>
        {video.playable ? (
          <WatchPlayer
            video={video}
            theatre={theatre}
            onToggleTheatre={onToggleTheatre}
            upNext={upNext}
            reloadVideo={() => query.refetch().then(readAgainOutcome)}
          />
        ) : (
          // Only its owner ever sees a video that cannot play yet; the page polls until it can.
          <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black">
            <ProcessingNotice video={video} />
          </div>
        )}
      </div>
      <div className={detailsArea}>
        <h1 className=" text-xl font-bold break-words text-ink-strong">{video.title}</h1>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <ChannelRow video={video} />
          <div className="flex flex-wrap items-center gap-2">
            <LikePill video={video} />
            <ShareButton videoId={video._id} title={video.title} />
            <SaveButton videoId={video._id} />
            <DownloadButton videoId={video._id} />
            <ReportVideoButton video={video} />
          </div>
        </div>
        <div className="mt-4">
          <DescriptionBox video={video} />
        </div>
        <CommentsSection
          videoId={video._id}
          videoOwnerId={video.owner._id}
          commentsMode={video.commentsMode}
        />
      </div>
    </>
  );
}

/** The watch page: the video with its actions, and other videos to watch next. */
export function WatchView({ videoId }: { videoId: string }) {
  // A suggestion opens lower down the page; the new video should start at the top.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [videoId]);

  const [theatre, toggleTheatre] = useTheatreMode();
  const suggested = useSuggestions(videoId);
  const upNext = useUpNext(videoId, suggested.suggestions);

  return (
    <div className="mx-auto grid max-w-[1700px] grid-cols-1 gap-x-6 gap-y-4 px-4 py-6 sm:px-6 xl:grid-cols-[minmax(0,1fr)_24rem] xl:grid-rows-[auto_1fr]">
      <VideoMain
        key={videoId}
        videoId={videoId}
        theatre={theatre}
        onToggleTheatre={toggleTheatre}
        upNext={upNext}
      />
      <div
        className={cn(
          'flex min-w-0 flex-col gap-6 xl:col-start-2',
          theatre ? 'xl:row-start-2' : 'xl:row-span-2 xl:row-start-1',
        )}
      >
        <LikedPlaylistPanel currentId={videoId} />
        <PlaylistPanel currentId={videoId} />
        <SuggestedVideos {...suggested} />
      </div>
    </div>
  );
}
