import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../media/ffprobe.js';
import {
  budgetMs,
  canRemux,
  overallPercent,
  planProcessing,
  playablePriority,
  refusalReason,
} from './plan.js';

function probe(
  video: Partial<NonNullable<ProbeResult['video']>>,
  audioCodec?: string,
): ProbeResult {
  return {
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    duration: 10,
    hasVideo: true,
    video: {
      codec: 'h264',
      width: 1280,
      height: 720,
      pixFmt: 'yuv420p',
      profile: 'High',
      rotation: 0,
      frameRate: 30,
      frameCount: 300,
      ...video,
    },
    ...(audioCodec ? { audioCodec } : {}),
  };
}

describe('canRemux', () => {
  it('copies 8-bit 4:2:0 H.264 with AAC or no sound', () => {
    expect(canRemux(probe({}, 'aac'))).toBe(true);
    expect(canRemux(probe({}))).toBe(true);
    expect(canRemux(probe({ pixFmt: 'yuvj420p', profile: 'Main' }))).toBe(true);
  });

  it('encodes everything a browser may not play', () => {
    expect(canRemux(probe({ codec: 'hevc' }, 'aac'))).toBe(false);
    expect(canRemux(probe({ codec: 'prores', pixFmt: 'yuv422p10le' }))).toBe(false);
    expect(canRemux(probe({ pixFmt: 'yuv422p', profile: 'High 4:2:2' }))).toBe(false);
    expect(canRemux(probe({ pixFmt: 'yuv420p10le', profile: 'High 10' }))).toBe(false);
    expect(canRemux(probe({}, 'opus'))).toBe(false);
  });
});

describe('refusalReason', () => {
  it('accepts an ordinary video', () => {
    expect(refusalReason(probe({}), 3600)).toBeUndefined();
  });

  it('refuses a file without a decodable picture', () => {
    expect(refusalReason({ formatName: 'ogg', duration: 3, hasVideo: false }, 3600)).toMatch(
      /no picture/,
    );
    expect(refusalReason(probe({ width: 0 }), 3600)).toMatch(/no picture/);
  });

  it('refuses sizes above 8K, in either orientation', () => {
    expect(refusalReason(probe({ width: 7681, height: 4320 }), 3600)).toMatch(/7680×4320/);
    expect(refusalReason(probe({ width: 4320, height: 7680 }), 3600)).toBeUndefined();
    expect(refusalReason(probe({ width: 16384, height: 16 }), 3600)).toMatch(/larger/);
  });

  it('refuses absurd frame rates and frame counts, naming them', () => {
    expect(refusalReason(probe({ frameRate: 240 }), 3600)).toBeUndefined();
    expect(refusalReason(probe({ frameRate: 1000 }), 3600)).toBe(
      'Videos above 240 frames per second are not supported (this one has 1000).',
    );
    expect(refusalReason(probe({ frameCount: 1_500_000 }), 3600)).toMatch(
      /more than 1,000,000 frames .*1,500,000/,
    );
  });

  it('refuses durations beyond the configured maximum', () => {
    expect(refusalReason({ ...probe({}), duration: 7201 }, 7200)).toBe(
      'Videos longer than 2 hours are not supported.',
    );
    expect(refusalReason({ ...probe({}), duration: 91 }, 90)).toMatch(/90 seconds/);
  });
});

describe('planProcessing', () => {
  it('makes an H.264 upload playable after the remux, then builds the ladder in one pass', () => {
    const plan = planProcessing(probe({}, 'aac'));
    expect(plan.steps.map((s) => s.kind)).toEqual(['remux', 'poster', 'ladder', 'storyboard']);
    expect(plan.playableAfter).toBe(0);
    expect(plan.ladderFrom).toBe(2);
    expect(plan.renditions.map((r) => r.height)).toEqual([240, 360, 480, 720]);
    const ladder = plan.steps[2]!;
    expect(ladder.kind === 'ladder' && ladder.renditions.map((r) => r.height)).toEqual([
      240, 360, 480, 720,
    ]);
  });

  it('encodes a source above 60 fps instead of copying it, capped', () => {
    const plan = planProcessing(probe({ width: 1920, height: 1080, frameRate: 240 }, 'aac'));
    expect(plan.steps[0]).toMatchObject({
      kind: 'mp4',
      rendition: { frameRate: 60, level: '4.2' },
    });
    expect(plan.renditions.filter((r) => r.height <= 360).map((r) => r.frameRate)).toEqual([
      30, 30,
    ]);
  });

  it('encodes any other upload once at the top rendition, then the lower ones', () => {
    const plan = planProcessing(probe({ codec: 'hevc' }, 'aac'));
    expect(
      plan.steps.map((s) =>
        s.kind === 'hls' || s.kind === 'mp4' || s.kind === 'hls-copy'
          ? `${s.kind}:${s.rendition.height}`
          : s.kind,
      ),
    ).toEqual(['mp4:720', 'hls-copy:720', 'poster', 'ladder', 'storyboard']);
    const ladder = plan.steps[3]!;
    expect(ladder.kind === 'ladder' && ladder.renditions.map((r) => r.height)).toEqual([
      240, 360, 480,
    ]);
    expect(plan.playableAfter).toBe(1);
    expect(plan.weights).toHaveLength(plan.steps.length);
  });

  it('plans renditions from the displayed size of a rotated recording', () => {
    const plan = planProcessing(probe({ width: 1920, height: 1080, rotation: 90 }));
    // Upright it is 1080×1920: the 1080-line rung is 608 wide, never taller than the source.
    expect(plan.renditions.at(-1)).toMatchObject({ width: 608, height: 1080 });
  });
});

describe('overallPercent', () => {
  it('weighs each step by its cost and stops at 99 until the job finishes', () => {
    expect(overallPercent([1, 3], 0, 0)).toBe(0);
    expect(overallPercent([1, 3], 0, 1)).toBe(25);
    expect(overallPercent([1, 3], 1, 0.5)).toBe(62);
    expect(overallPercent([1, 3], 1, 1)).toBe(99);
    expect(overallPercent([], 0, 0)).toBe(0);
  });
});

describe('budgetMs', () => {
  const of = (
    video: Parameters<typeof probe>[0],
    duration: number,
    part: 'playable' | 'ladder' | 'all',
  ) => {
    const p = { ...probe(video, 'aac'), duration };
    return budgetMs(planProcessing(p), p, 1_000_000, part);
  };

  it('grows with the source’s duration, size and frame rate', () => {
    expect(of({}, 60, 'ladder')).toBeGreaterThan(of({}, 6, 'ladder'));
    expect(of({ width: 1920, height: 1080 }, 60, 'ladder')).toBeGreaterThan(of({}, 60, 'ladder'));
    expect(of({ width: 1920, height: 1080, frameRate: 240 }, 60, 'playable')).toBeGreaterThan(
      of({ width: 1920, height: 1080 }, 60, 'playable'),
    );
  });

  it('gives a whole run (a reprocess) the encodes of both parts', () => {
    const video = { codec: 'hevc', width: 1920, height: 1080 };
    const whole = of(video, 60, 'all');
    expect(whole).toBeGreaterThan(of(video, 60, 'playable'));
    expect(whole).toBeGreaterThan(of(video, 60, 'ladder'));
  });

  it('keeps a short clip’s budget short, and a copy’s shorter than an encode’s', () => {
    expect(of({}, 6, 'playable')).toBeLessThan(60_000);
    expect(of({}, 60, 'playable')).toBeLessThan(of({ codec: 'hevc' }, 60, 'playable'));
  });
});

describe('playablePriority', () => {
  it('keeps the fast lane for copies and short encodes', () => {
    expect(playablePriority({ ...probe({ width: 1920, height: 1080 }), duration: 3600 })).toBe(0);
    expect(playablePriority({ ...probe({ codec: 'hevc' }), duration: 6 })).toBe(0);
  });

  it('sends long or high-frame-rate encodes to the general slots', () => {
    expect(playablePriority({ ...probe({ codec: 'hevc' }), duration: 600 })).toBe(1);
    const hostile = probe({ width: 1920, height: 1080, frameRate: 240 });
    expect(playablePriority({ ...hostile, duration: 20 })).toBe(1);
  });
});
