/**
 * A clock that moves only when the test moves it, given to the app as its injected `now`: rows
 * written one after another get the times the test chose, not whatever the machine's clock
 * happened to say (two writes in the same millisecond would otherwise tie). It starts at the
 * real time, so sessions and rows made now look fresh to anything reading the wall clock.
 */
export interface ManualClock {
  now(): number;
  /** Moves the clock on by `ms` (1 unless set): what is written next is later. */
  advance(ms?: number): number;
}

export function manualClock(start = Date.now()): ManualClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms = 1) => (time += ms),
  };
}
