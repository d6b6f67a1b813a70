import { ROUTES } from '@contract';
import { ExternalLink, VideoOff } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Player, type MediaWatcherProps } from '../../player';
import { isNotFound } from '../../../lib/api-client';
import { readAgainOutcome, useIncreaseViews, useVideo } from '../../videos';
import { readEmbedParams } from '../utils/embed-params';

/** Counts a view when the embedded video first plays, not when a page merely shows it. */
function ViewOnPlay({ media, videoId }: MediaWatcherProps) {
  const increase = useIncreaseViews();
  const counted = useRef(false);
  const { mutate } = increase;
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const onPlaying = () => {
      if (counted.current) return;
      counted.current = true;
      mutate(videoId);
    };
    element.addEventListener('playing', onPlaying);
    return () => element.removeEventListener('playing', onPlaying);
  }, [media, videoId, mutate]);
  return null;
}

/** The title over the picture, a link back to the video on this site (in a new tab). */
function BackLink({ videoId, title }: { videoId: string; title: string }) {
  return (
    <div className="bg-linear-to-b from-black/80 to-transparent px-4 pt-3 pb-8">
      <a
        href={ROUTES.watch(videoId)}
        target="_blank"
        rel="noopener"
        className="inline-flex max-w-full items-center gap-2 text-base font-medium text-white hover:underline"
      >
        <span className="truncate">{title}</span>
        <ExternalLink className="size-4 shrink-0" aria-hidden />
        <span className="sr-only">(watch on Vidshare, opens a new tab)</span>
      </a>
    </div>
  );
}

/**
 * The player alone, filling the frame another site gives it: the same player as the watch
 * page, with the embed's parameters and a link back to the video.
 */
export function EmbedView({ videoId }: { videoId: string }) {
  const [params] = useSearchParams();
  const options = readEmbedParams(params);
  const video = useVideo(videoId);

  if (video.isPending) return <div className="h-dvh w-full bg-black" />;
  // A failed background read keeps the player; a video gone for this viewer does not.
  if (video.isLoadingError || isNotFound(video.error) || !video.data.playable) {
    return (
      <div className="flex h-dvh w-full flex-col items-center justify-center gap-3 bg-black p-4 text-center text-white">
        <VideoOff className="size-10" aria-hidden />
        <p>This video is unavailable.</p>
        <a href={ROUTES.watch(videoId)} target="_blank" rel="noopener" className="text-accent">
          Watch on Vidshare
        </a>
      </div>
    );
  }
  return (
    <main className="flex h-dvh w-full items-center justify-center bg-black">
      <Suspense fallback={<div className="aspect-video w-full bg-black" />}>
        <Player
          video={video.data}
          theatre={false}
          onToggleTheatre={() => undefined}
          mediaWatcher={ViewOnPlay}
          startAt={options.start}
          chapters={video.data.chapters}
          playback={{
            autoplay: options.autoplay,
            muted: options.muted,
            loop: options.loop,
            controls: options.controls,
            embedded: true,
          }}
          overlay={<BackLink videoId={video.data._id} title={video.data.title} />}
          reloadVideo={() => video.refetch().then(readAgainOutcome)}
        />
      </Suspense>
    </main>
  );
}
