import type { VideoContainer } from '@contract';

export type { VideoContainer };

/** The file extension each accepted container's stored key gets. */
export const CONTAINER_EXTENSIONS: Record<VideoContainer, string> = {
  mp4: 'mp4',
  mov: 'mov',
  webm: 'webm',
  mkv: 'mkv',
  ogg: 'ogv',
};

// Sniffed from the first bytes by the same rule the web app applies when a file is picked.
export { sniffVideoContainer } from '@contract';

/** ffprobe's format_name for each container family, to catch a file posing as another. */
export function formatMatchesContainer(formatName: string, container: VideoContainer): boolean {
  const names = formatName.split(',');
  switch (container) {
    case 'mp4':
    case 'mov':
      return names.includes('mov') || names.includes('mp4');
    case 'webm':
    case 'mkv':
      return names.includes('matroska') || names.includes('webm');
    case 'ogg':
      return names.includes('ogg');
  }
}
