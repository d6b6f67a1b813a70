import { DAY_MS } from '../db/dialect-sql.js';

/** The days an analytics range covers: the last `range` UTC days, today included. */
export interface DayWindow {
  fromDay: number;
  toDay: number;
  /** Epoch ms of the first instant of `fromDay`. */
  fromMs: number;
  /** Epoch ms of the first instant after `toDay` (exclusive). */
  untilMs: number;
}

export function dayWindow(now: number, range: number): DayWindow {
  const toDay = Math.floor(now / DAY_MS);
  const fromDay = toDay - range + 1;
  return { fromDay, toDay, fromMs: fromDay * DAY_MS, untilMs: (toDay + 1) * DAY_MS };
}

/** `YYYY-MM-DD` of a UTC day number. */
export function dayDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A day → value map from grouped rows; days the database had no row for are simply absent. */
export function byDay(rows: readonly { day: number | string; value: number | string }[]) {
  const map = new Map<number, number>();
  for (const r of rows) map.set(Number(r.day), Number(r.value));
  return map;
}

/** Every day of the window, oldest first, so a chart never skips a day with nothing in it. */
export function eachDay(window: DayWindow): number[] {
  const days: number[] = [];
  for (let d = window.fromDay; d <= window.toDay; d += 1) days.push(d);
  return days;
}
