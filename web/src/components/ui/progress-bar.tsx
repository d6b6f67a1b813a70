import { useLayoutEffect, useRef } from 'react';

/** A thin determinate bar; the width is set through the CSSOM (the CSP forbids style attributes). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (fill.current) fill.current.style.width = `${Math.max(0, Math.min(100, percent))}%`;
  }, [percent]);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1.5 flex-1 overflow-hidden rounded-full bg-hover"
    >
      <div
        ref={fill}
        className="h-full w-0 rounded-full bg-accent transition-[width] duration-200"
      />
    </div>
  );
}
