import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaToolChecks, toolProblem, unusableTools } from './tool-check.js';

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

describe('at start', () => {
  const tool = (variable: 'FFMPEG_PATH' | 'FFPROBE_PATH', p: string, configured: boolean) => ({
    variable,
    path: p,
    configured,
  });

  it('says nothing when every program runs', async () => {
    const ok = script('exit 0');
    expect(
      await unusableTools([tool('FFPROBE_PATH', ok, true), tool('FFMPEG_PATH', ok, false)]),
    ).toEqual([]);
  });

  it('names the variable, the path and the fix, one line per program that cannot run', async () => {
    const failing = script('exit 3');
    expect(
      await unusableTools([
        tool('FFPROBE_PATH', failing, false),
        tool('FFMPEG_PATH', '/nonexistent/ffmpeg', true),
      ]),
    ).toEqual([
      `ffprobe ${failing} (FFPROBE_PATH is unset) cannot run: -version ended with exit code 3: ` +
        'set FFPROBE_PATH to a working ffprobe binary.',
      'FFMPEG_PATH=/nonexistent/ffmpeg cannot run: ENOENT: point FFMPEG_PATH at a working ' +
        'ffmpeg binary, or unset it to use the one found by default.',
    ]);
  });

  it('allows a slow program its time, but not for ever', async () => {
    const hanging = script('exec sleep 30');
    expect(await unusableTools([tool('FFMPEG_PATH', hanging, true)], 200)).toEqual([
      `FFMPEG_PATH=${hanging} did not answer -version within 200 ms: point FFMPEG_PATH at a ` +
        'working ffmpeg binary, or unset it to use the one found by default.',
    ]);
  });
});
