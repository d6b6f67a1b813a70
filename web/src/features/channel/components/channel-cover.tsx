import { useState } from 'react';

/** The channel banner; channels without one (or with a broken one) get a quiet colour band. */
export function ChannelCover({ src }: { src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== '' && src !== failedSrc;

  return (
    <div className="aspect-[4/1] max-h-64 min-h-20 w-full overflow-hidden rounded-2xl bg-gradient-to-r from-brand/25 via-raised to-accent/20 sm:aspect-[6/1]">
      {showImage ? (
        <img
          src={src}
          alt=""
          decoding="async"
          draggable={false}
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      ) : null}
    </div>
  );
}
