import { ROUTES } from '@contract';

/** The watch address of a video in a playlist played in shuffled order. */
export function shuffledWatchPath(videoId: string, listId: string): string {
  return `${ROUTES.watchInList(videoId, listId)}&shuffle=1`;
}

/** The video after `currentId` in `order`: the first again after the last when looping. */
export function nextInOrder(
  order: readonly string[],
  currentId: string,
  loop: boolean,
): string | undefined {
  if (order.length === 0) return undefined;
  const at = order.indexOf(currentId);
  if (at < 0) return order[0];
  if (at + 1 < order.length) return order[at + 1];
  return loop ? order[0] : undefined;
}

/** The video before `currentId`: the last one from the first when looping. */
export function previousInOrder(
  order: readonly string[],
  currentId: string,
  loop: boolean,
): string | undefined {
  const at = order.indexOf(currentId);
  if (at > 0) return order[at - 1];
  return at === 0 && loop ? order[order.length - 1] : undefined;
}

/**
 * A shuffled play order that starts with the current video (Fisher–Yates over the rest), so
 * turning shuffle on never jumps away from what is playing.
 */
export function shuffledOrder(
  ids: readonly string[],
  currentId: string,
  random: () => number = Math.random,
): string[] {
  const rest = ids.filter((id) => id !== currentId);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return ids.includes(currentId) ? [currentId, ...rest] : rest;
}
