import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProbeOutput, resolveFfprobePath } from './ffprobe.js';

const probe = (streams: unknown[], format: Record<string, unknown>) =>
  JSON.stringify({ streams, format });

describe('parseProbeOutput', () => {
  it('reads the format, the duration and whether a picture track exists', () => {
    const out = probe(
      [{ codec_type: 'video', duration: '2.000000', disposition: { attached_pic: 0 } }],
      {
        format_name: 'mov,mp4,m4a,3gp,3g2,mj2',
        duration: '2.016000',
      },
    );
    expect(parseProbeOutput(out)).toEqual({
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      duration: 2.016,
      hasVideo: true,
      video: {
        codec: '',
        width: 0,
        height: 0,
        pixFmt: '',
        profile: '',
        rotation: 0,
        frameRate: 0,
        frameCount: 0,
      },
    });
  });

  it('reads the frame rate (average, else base) and the frame count', () => {
    const out = probe(
      [
        {
          codec_type: 'video',
          avg_frame_rate: '30000/1001',
          r_frame_rate: '30/1',
          nb_frames: '14400',
        },
      ],
      { format_name: 'mov', duration: '60' },
    );
    expect(parseProbeOutput(out)?.video).toMatchObject({ frameRate: 29.97, frameCount: 14400 });
    const base = probe([{ codec_type: 'video', avg_frame_rate: '0/0', r_frame_rate: '240/1' }], {
      format_name: 'mov',
    });
    expect(parseProbeOutput(base)?.video).toMatchObject({ frameRate: 240, frameCount: 0 });
  });

  it('reads the picture track’s codec, size, pixel format, rotation and the sound codec', () => {
    const out = probe(
      [
        {
          codec_type: 'video',
          codec_name: 'hevc',
          width: 1920,
          height: 1080,
          pix_fmt: 'yuv420p10le',
          profile: 'Main 10',
          side_data_list: [{ rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac' },
      ],
      { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3' },
    );
    expect(parseProbeOutput(out)).toMatchObject({
      video: {
        codec: 'hevc',
        width: 1920,
        height: 1080,
        pixFmt: 'yuv420p10le',
        profile: 'Main 10',
        rotation: -90,
      },
      audioCodec: 'aac',
    });
    const tagged = probe([{ codec_type: 'video', codec_name: 'h264', tags: { rotate: '90' } }], {
      format_name: 'mov',
    });
    expect(parseProbeOutput(tagged)?.video?.rotation).toBe(90);
    expect(parseProbeOutput(tagged)?.audioCodec).toBeUndefined();
  });

  it('falls back to the stream duration when the container gives none', () => {
    const out = probe([{ codec_type: 'video', duration: '4.5' }], { format_name: 'matroska,webm' });
    expect(parseProbeOutput(out)?.duration).toBe(4.5);
  });

  it('does not count cover art or audio as video', () => {
    const out = probe(
      [
        { codec_type: 'audio', duration: '30' },
        { codec_type: 'video', disposition: { attached_pic: 1 } },
      ],
      { format_name: 'mp3', duration: '30' },
    );
    expect(parseProbeOutput(out)?.hasVideo).toBe(false);
  });

  it('answers undefined for output that is not ffprobe JSON', () => {
    expect(parseProbeOutput('')).toBeUndefined();
    expect(parseProbeOutput('not json')).toBeUndefined();
    expect(parseProbeOutput('null')).toBeUndefined();
    expect(parseProbeOutput('{"streams":[]}')).toBeUndefined();
  });

  it('treats nonsense durations as unknown', () => {
    const out = probe([{ codec_type: 'video', duration: 'N/A' }], {
      format_name: 'ogg',
      duration: '-3',
    });
    expect(parseProbeOutput(out)?.duration).toBe(0);
  });
});

describe('resolveFfprobePath', () => {
  it('prefers FFPROBE_PATH, then one on PATH, then falls back to the packaged binary', () => {
    expect(resolveFfprobePath('/opt/ffprobe', '/usr/bin')).toBe('/opt/ffprobe');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffprobe-on-path-'));
    try {
      fs.writeFileSync(path.join(dir, 'ffprobe'), '#!/bin/sh\n', { mode: 0o755 });
      expect(resolveFfprobePath('', `/nonexistent${path.delimiter}${dir}`)).toBe(
        path.join(dir, 'ffprobe'),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(resolveFfprobePath('', '')).toMatch(/@ffprobe-installer.*ffprobe$/);
  });
});
