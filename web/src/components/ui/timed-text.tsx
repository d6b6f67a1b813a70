import { splitTimestamps } from '@contract';
import { requestPlayerSeek } from '../../lib/player-seek';

/**
 * Text whose timestamps (`1:23`, `1:02:03`) are links that seek the video on the page, as on
 * YouTube: in descriptions and comments.
 */
export function TimedText({ text }: { text: string }) {
  return (
    <>
      {splitTimestamps(text).map((part, index) =>
        part.seconds === undefined ? (
          part.text
        ) : (
          <button
            key={index}
            type="button"
            onClick={() => {
              requestPlayerSeek(part.seconds!);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            className="text-accent hover:underline"
          >
            {part.text}
          </button>
        ),
      )}
    </>
  );
}
