import { describe, expect, it, vi } from 'vitest';
import { createPositionLoader } from './get-watch-positions';

describe('createPositionLoader', () => {
  it('asks once for every video asked for in the same tick, a hundred at a time', async () => {
    const fetchPositions = vi.fn(async (ids: string[]) =>
      ids.filter((id) => id.endsWith('1')).map((videoId) => ({ videoId, position: 12 })),
    );
    const load = createPositionLoader(fetchPositions);
    const ids = Array.from({ length: 150 }, (_, i) => `v${i}`);
    const positions = await Promise.all([...ids, 'v1'].map(load));
    expect(fetchPositions).toHaveBeenCalledTimes(2);
    expect(fetchPositions.mock.calls[0]![0]).toHaveLength(100);
    expect(fetchPositions.mock.calls[1]![0]).toHaveLength(50);
    expect(positions[1]).toBe(12);
    expect(positions[2]).toBe(0);
    expect(positions[150]).toBe(12);
  });

  it('fails every waiter of a batch whose request failed', async () => {
    const load = createPositionLoader(async () => {
      throw new Error('offline');
    });
    await expect(Promise.all([load('a'), load('b')])).rejects.toThrow('offline');
  });
});
