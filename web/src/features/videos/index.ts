/** What other features may use of this one; everything else is internal. */
export { deleteVideo } from './api/delete-video';
export { downloadFileName, downloadVideo, saveBlob } from './api/download-video';
export { useVideo } from './api/get-video';
export { getVideos, useVideoPages, useVideos, videoPagesQueryOptions } from './api/get-videos';
export { useIncreaseViews } from './api/increase-views';
export { videoKeys } from './api/query-keys';
export { useSearchVideos } from './api/search-videos';
export type { VideoSearchOptions } from './api/search-videos';
export { useTrendingVideos } from './api/get-trending';
export { useVideoSuggestions } from './api/video-suggestions';
export type { VideoSuggestion } from './api/video-suggestions';
export { ProcessingNotice } from './components/processing-notice';
export { VideoCard } from './components/video-card';
export { EndlessVideoGrid } from './components/endless-video-grid';
export { VideoGrid } from './components/video-grid';
export { VideoGridSkeleton } from './components/video-grid-skeleton';
export { VideoThumbnail } from './components/video-thumbnail';
export {
  PROCESSING_POLL_MS,
  anyProcessing,
  isStillProcessing,
  processingLabel,
} from './utils/processing';
export { orderSuggestions, shuffle } from './utils/shuffle';
export { useWatchPosition, watchPositionKeys } from './api/get-watch-positions';
export { useWatchedFraction } from './hooks/use-watched-fraction';
export { VideoCardProvider, type VideoCardMenu } from './components/video-card-menu';
export { watchedFraction } from './utils/watched-fraction';
export { readAgainOutcome } from './utils/read-again';
