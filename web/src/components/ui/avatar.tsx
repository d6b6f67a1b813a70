import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { avatarColorIndex, getInitials } from '../../lib/avatar';
import { cn } from '../../lib/cn';

// Full class names are spelled out so Tailwind's scanner keeps every one of them.
const PALETTE = [
  'bg-rose-700',
  'bg-orange-700',
  'bg-amber-700',
  'bg-lime-700',
  'bg-emerald-700',
  'bg-teal-700',
  'bg-cyan-700',
  'bg-sky-700',
  'bg-indigo-600',
  'bg-violet-600',
  'bg-fuchsia-700',
  'bg-pink-700',
] as const;

const SIZES = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
} as const;

export type AvatarSize = keyof typeof SIZES;

type AvatarProps = {
  src?: string | null | undefined;
  /** Used for the alt text and, when the image is missing or broken, the generated placeholder. */
  name: string;
  size?: AvatarSize;
  /** Set when a neighbouring label already names the person, so readers do not hear it twice. */
  decorative?: boolean;
  className?: string;
};

export function Avatar({ src, name, size = 'md', decorative = false, className }: AvatarProps) {
  // Remembering which URL failed (rather than a boolean) resets the fallback when src changes.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const base = cn(
    'inline-flex shrink-0 select-none overflow-hidden rounded-full',
    SIZES[size],
    className,
  );

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        className={cn(base, 'bg-hover object-cover')}
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailedSrc(src)}
      />
    );
  }

  const initials = getInitials(name);
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };
  if (initials === '') {
    return (
      <span {...a11y} className={cn(base, 'items-center justify-center bg-active text-ink-muted')}>
        <UserRound className="size-3/5" aria-hidden />
      </span>
    );
  }
  return (
    <span
      {...a11y}
      className={cn(
        base,
        'items-center justify-center font-medium text-white',
        PALETTE[avatarColorIndex(name, PALETTE.length)],
      )}
    >
      {initials}
    </span>
  );
}
