import { cn } from '../../../lib/cn';
import { formatDuration } from '../../../lib/format';

/**
 * A video's thumbnail in the studio with its length on it, in the bottom-right corner of the
 * picture itself: the frame is a block of the picture's size and the image fills it, so no
 * inline baseline gap can push the badge below the picture.
 */
export function StudioThumbnail({
  src,
  duration,
  className,
}: {
  src: string;
  duration: number;
  className?: string;
}) {
  return (
    <span
      data-testid="studio-thumbnail"
      className={cn('relative block aspect-video overflow-hidden rounded-md bg-hover', className)}
    >
      <img src={src} alt="" className="absolute inset-0 size-full object-cover" />
      <span
        data-testid="duration-badge"
        className="absolute right-1 bottom-1 rounded bg-black/80 px-1 text-xs text-white"
      >
        {formatDuration(duration)}
      </span>
    </span>
  );
}
