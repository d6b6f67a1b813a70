/**
 * Reads ffmpeg's `-progress` output (key=value lines, a block per report) as chunks arrive and
 * keeps how far into the stream the output has got, in seconds. `out_time_ms` is in
 * microseconds despite its name (newer builds also print `out_time_us`).
 */
export class ProgressReader {
  private pending = '';
  /** Seconds of output written so far; the decoded duration once ffmpeg has finished. */
  seconds = 0;
  ended = false;

  push(chunk: string): void {
    const text = this.pending + chunk;
    const lines = text.split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line.trim());
  }

  private line(line: string): void {
    const eq = line.indexOf('=');
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'out_time_us' || key === 'out_time_ms') {
      const us = Number(value);
      if (Number.isFinite(us) && us > 0) this.seconds = Math.max(this.seconds, us / 1e6);
    } else if (key === 'progress' && value === 'end') {
      this.ended = true;
    }
  }
}

/** Whole percent of `done` out of `total`, clamped to 0–100. */
export function percentOf(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

/**
 * A file whose decodable stream ends well before its stated duration was cut short or is
 * damaged: the container's header survived but the frames did not.
 */
export function isTruncated(decodedSeconds: number, statedSeconds: number): boolean {
  if (!(statedSeconds > 0)) return decodedSeconds <= 0;
  return decodedSeconds < statedSeconds * 0.9 - 0.5;
}
