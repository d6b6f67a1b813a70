import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaToolChecks, toolProblem } from './tool-check.js';

function script(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-check-'));
  const file = path.join(dir, 'tool');
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('toolProblem', () => {
  it('is undefined for a program that answers -version', async () => {
    expect(await toolProblem('ffmpeg', script('exit 0'))).toBeUndefined();
  });

  it('says why a program cannot run: missing, not executable, failing, hanging', async () => {
    expect(await toolProblem('ffmpeg', '/nonexistent/ffmpeg')).toBe(
      'ffmpeg (/nonexistent/ffmpeg) cannot run: ENOENT.',
    );
    const plain = script('exit 0');
    fs.chmodSync(plain, 0o644);
    // Root may read it but not run it without an execute bit either.
    expect(await toolProblem('ffprobe', plain)).toBe(`ffprobe (${plain}) cannot run: EACCES.`);
    const failing = script('exit 3');
    expect(await toolProblem('ffmpeg', failing)).toBe(
      `ffmpeg (${failing}) cannot run: -version ended with exit code 3.`,
    );
    const hanging = script('exec sleep 30');
    const started = Date.now();
    expect(await toolProblem('ffmpeg', hanging, 200)).toBe(
      `ffmpeg (${hanging}) did not answer -version within 200 ms.`,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('mediaToolChecks', () => {
  it('checks ffprobe always and ffmpeg only where this server runs the processing worker', () => {
    expect(mediaToolChecks({ ffprobe: 'p' }).map((c) => c.field)).toEqual(['ffprobe']);
    expect(mediaToolChecks({ ffprobe: 'p', ffmpeg: 'f' }).map((c) => c.field)).toEqual([
      'ffprobe',
      'ffmpeg',
    ]);
  });
});
