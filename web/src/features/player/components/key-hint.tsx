import { useEffect, useState } from 'react';

/** A hint with an id, so pressing the same key twice shows it afresh. */
export type Hint = { id: number; text: string };

const SHOWN_MS = 900;

function Bubble({ text }: { text: string }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <span
      data-testid="key-hint"
      className="rounded-lg bg-black/70 px-4 py-2 text-base font-semibold text-white"
    >
      {text}
    </span>
  );
}

/** The brief bubble in the middle of the picture that says what a key just did. */
export function KeyHint({ hint }: { hint: Hint | null }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none absolute inset-x-0 top-1/4 flex justify-center"
    >
      {hint ? <Bubble key={hint.id} text={hint.text} /> : null}
    </div>
  );
}
