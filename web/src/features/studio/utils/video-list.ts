type Identified = { _id: string };
type Dated = Identified & { createdAt: string };

/** Newest first by createdAt; the product keeps a user's own videos in this order. */
export function sortNewestFirst<T extends Dated>(videos: readonly T[]): T[] {
  return [...videos].sort(
    (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );
}

/** A single delete removes the video by _id from the list locally, without a refetch. */
export function removeById<T extends Identified>(videos: readonly T[], id: string): T[] {
  return videos.filter((video) => video._id !== id);
}

/** The list page answer after one of its videos was deleted: totals shrink with it. */
export function withoutVideo<
  L extends { data: Identified[]; totalVideos: number; totalPages: number },
>(list: L, id: string, pageSize: number): L {
  const data = removeById(list.data, id);
  if (data.length === list.data.length) return list;
  const totalVideos = Math.max(0, list.totalVideos - 1);
  return {
    ...list,
    data,
    totalVideos,
    totalPages: Math.max(1, Math.ceil(totalVideos / Math.max(1, pageSize))),
  };
}
