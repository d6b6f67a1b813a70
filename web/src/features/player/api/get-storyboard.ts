import { useQuery } from '@tanstack/react-query';
import { parseStoryboardVtt, type StoryboardCue } from '../utils/storyboard-vtt';

/** The seek-preview cues of a video; an empty list when it has none or the file is missing. */
export async function getStoryboard(url: string, signal?: AbortSignal): Promise<StoryboardCue[]> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`The storyboard answered ${response.status}`);
  return parseStoryboardVtt(
    await response.text(),
    response.url || new URL(url, location.href).href,
  );
}

export function useStoryboard(url: string | null) {
  return useQuery({
    queryKey: ['storyboard', url],
    queryFn: ({ signal }) => getStoryboard(url!, signal),
    enabled: url !== null,
    // The file under a URL never changes: a new storyboard gets a new address.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
