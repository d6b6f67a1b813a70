import { CategoryChips } from './category-chips';
import { VideoFeedArea } from './video-feed-area';

export function HomeFeed() {
  return (
    <div className="px-4 sm:px-6">
      <h1 className="sr-only">Home</h1>
      <CategoryChips />
      <VideoFeedArea />
    </div>
  );
}
