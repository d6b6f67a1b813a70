/** Cache keys of the viewer's history; watching, removing and clearing refresh them. */
export const historyKeys = {
  all: ['history'] as const,
  list: (q: string) => [...historyKeys.all, 'list', q] as const,
  paused: () => [...historyKeys.all, 'paused'] as const,
};
