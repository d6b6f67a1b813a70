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

/** Other videos to suggest next to the one being watched, in random order. */
export function suggestedVideos<T extends { _id: string }>(
  feed: readonly T[],
  currentId: string,
  random: () => number = Math.random,
): T[] {
  return shuffle(
    feed.filter((video) => video._id !== currentId),
    random,
  );
}
