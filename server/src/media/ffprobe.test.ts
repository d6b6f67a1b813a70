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
    });
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
  it('prefers FFPROBE_PATH, then falls back to the packaged binary', () => {
    expect(resolveFfprobePath({ FFPROBE_PATH: '/opt/ffprobe' })).toBe('/opt/ffprobe');
    expect(resolveFfprobePath({ PATH: '' })).toMatch(/ffprobe/);
  });
});
