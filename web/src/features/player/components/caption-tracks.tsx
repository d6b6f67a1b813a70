import type { CaptionTrack } from '../utils/caption-choice';

/** The caption files as `<track>` elements of the video; `useCaptions` decides which shows. */
export function CaptionTracks({ tracks }: { tracks: readonly CaptionTrack[] }) {
  return (
    <>
      {tracks.map((track) => (
        <track
          key={track.url}
          kind="subtitles"
          src={track.url}
          srcLang={track.language}
          label={track.label}
        />
      ))}
    </>
  );
}
