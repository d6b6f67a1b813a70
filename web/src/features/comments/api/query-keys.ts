/** Cache keys for a video's comments; every change to them invalidates `commentKeys.list`. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (videoId: string) => [...commentKeys.all, 'list', videoId] as const,
};
