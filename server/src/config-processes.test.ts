import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultServerProcesses, loadConfig } from './config.js';

/**
 * The settings the start and the supervisor read (processes, the media programs, metrics) and
 * the backup's PostgreSQL programs: in the one schema like every other variable.
 */
describe('SERVER_PROCESSES', () => {
  it('runs one process per core by default, never fewer than one', () => {
    expect(defaultServerProcesses(2)).toBe(2);
    expect(defaultServerProcesses(8)).toBe(8);
    expect(defaultServerProcesses(0)).toBe(1);
    const cores = defaultServerProcesses(os.availableParallelism());
    for (const unset of [undefined, '', ' ']) {
      expect(loadConfig({ SERVER_PROCESSES: unset }).serverProcesses).toBe(cores);
    }
  });

  it('takes a whole number from 1 to 64', () => {
    expect(loadConfig({ SERVER_PROCESSES: '1' }).serverProcesses).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: ' 3 ' }).serverProcesses).toBe(3);
    expect(loadConfig({ SERVER_PROCESSES: '64' }).serverProcesses).toBe(64);
  });

  it('refuses anything else, naming the range and the value', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '65', '2e3x']) {
      expect(() => loadConfig({ SERVER_PROCESSES: bad })).toThrow(
        `Invalid configuration:\n  - SERVER_PROCESSES must be a whole number from 1 to 64 (got ${JSON.stringify(bad)})`,
      );
    }
  });
});

describe('FFMPEG_PATH and FFPROBE_PATH', () => {
  it('default to the shipped ffmpeg, and to an ffprobe on PATH, else the shipped one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-tools-'));
    try {
      fs.writeFileSync(path.join(dir, 'ffprobe'), '#!/bin/sh\n', { mode: 0o755 });
      expect(loadConfig({ PATH: dir }).mediaTools).toEqual({
        ffmpeg: {
          variable: 'FFMPEG_PATH',
          path: expect.stringMatching(/@ffmpeg-installer.*ffmpeg$/),
          configured: false,
        },
        ffprobe: { variable: 'FFPROBE_PATH', path: path.join(dir, 'ffprobe'), configured: false },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(loadConfig({ PATH: '' }).mediaTools.ffprobe.path).toMatch(
      /@ffprobe-installer.*ffprobe$/,
    );
  });

  it('take the binaries named, trimmed; empty means unset', () => {
    const { ffmpeg, ffprobe } = loadConfig({
      FFMPEG_PATH: ' /opt/ffmpeg/bin/ffmpeg ',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      PATH: '/usr/bin',
    }).mediaTools;
    expect(ffmpeg).toEqual({
      variable: 'FFMPEG_PATH',
      path: '/opt/ffmpeg/bin/ffmpeg',
      configured: true,
    });
    expect(ffprobe).toEqual({
      variable: 'FFPROBE_PATH',
      path: '/opt/ffmpeg/bin/ffprobe',
      configured: true,
    });
    expect(loadConfig({ FFMPEG_PATH: '  ' }).mediaTools.ffmpeg.configured).toBe(false);
  });
});

describe('METRICS_TOKEN', () => {
  it('is off unless set, and taken trimmed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '   ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' a-token-of-16-chars ' }).metricsToken).toBe(
      'a-token-of-16-chars',
    );
  });

  it('refuses a token shorter than 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid configuration:\n  - METRICS_TOKEN must be at least 16 characters when set',
    );
  });
});

describe('PG_BIN_DIR', () => {
  it('is where backups look for pg_dump and pg_restore first, when set', () => {
    expect(loadConfig({}).pgBinDir).toBeUndefined();
    expect(loadConfig({ PG_BIN_DIR: '/usr/lib/postgresql/17/bin' }).pgBinDir).toBe(
      '/usr/lib/postgresql/17/bin',
    );
  });
});
