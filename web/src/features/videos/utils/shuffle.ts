/**
 * A shuffled copy of `items` (Fisher–Yates); the input is left untouched. `random` must return
 * values in [0, 1) like Math.random, and is a parameter so tests can make the order predictable.
 */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = items.slice();
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const pick = Math.min(index, Math.floor(random() * (index + 1)));
    [copy[index], copy[pick]] = [copy[pick] as T, copy[index] as T];
  }
  return copy;
}

/** What the suggestion order reads of a video. */
export type SuggestionFields = { _id: string; owner: { _id: string }; hashtag: string };

/** The hashtag field's words, lower-cased and without their "#": "#Travel #food" → travel, food. */
export function hashtagWords(hashtag: string): Set<string> {
  return new Set(
    hashtag
      .toLowerCase()
      .split(/\s+/u)
      .map((word) => word.replace(/^#+/u, ''))
      .filter((word) => word !== ''),
  );
}

/**
 * Videos to suggest beside the one being watched: first the same channel's, then those that
 * share one of its hashtags, then the rest, each group in a fresh random order (the product
 * shuffles suggestions). Each video once, never the one being watched. The first one is what
 * plays next outside a playlist.
 */
export function orderSuggestions<T extends SuggestionFields>(
  current: SuggestionFields,
  candidates: readonly T[],
  random: () => number = Math.random,
): T[] {
  const tags = hashtagWords(current.hashtag);
  const seen = new Set<string>([current._id]);
  const channel: T[] = [];
  const tagged: T[] = [];
  const rest: T[] = [];
  for (const video of candidates) {
    if (seen.has(video._id)) continue;
    seen.add(video._id);
    if (video.owner._id === current.owner._id) channel.push(video);
    else if ([...hashtagWords(video.hashtag)].some((word) => tags.has(word))) tagged.push(video);
    else rest.push(video);
  }
  return [...shuffle(channel, random), ...shuffle(tagged, random), ...shuffle(rest, random)];
}
