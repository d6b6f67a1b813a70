import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, type DemoChannel } from '../src/demo/demo-content.js';
import { seedDemo } from '../src/demo/seed-demo.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// One channel with its shortest clip keeps the run quick; the path is the same for all of them.
const arcade = DEMO_CHANNELS.find((c) => c.username === 'arcadelab')!;
const subset: DemoChannel[] = [
  { ...arcade, videos: [arcade.videos.reduce((a, b) => (a.seconds <= b.seconds ? a : b))] },
];

describe('demo seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers the channel and publishes its video through the API', async () => {
    const summary = await seedDemo(t.server, { ffmpegPath: ffmpeg.path, channels: subset });
    expect(summary.channels).toEqual([{ username: 'arcadelab', status: 'registered' }]);
    expect(summary.videos).toHaveLength(1);
    expect(summary.videos[0]!.status).toBe('uploaded');
    // Visitors see it once processed: its playable job, then its ladder.
    expect(await t.processAll()).toBe(2);

    const feed = await t.server.inject({ method: 'GET', url: '/api/v1/videos/getallvideos' });
    const video = feed.json().data[0];
    expect(video.title).toBe(subset[0]!.videos[0]!.title);
    expect(video.visibility).toBe('public');
    expect(video.isPublished).toBe(true);
    expect(video.duration).toBeGreaterThan(1);
    expect(video.owner.username).toBe('arcadelab');
  });

  it('signs in and skips what is already there on a second run', async () => {
    const summary = await seedDemo(t.server, { ffmpegPath: ffmpeg.path, channels: subset });
    expect(summary.channels).toEqual([{ username: 'arcadelab', status: 'existing' }]);
    expect(summary.videos.map((v) => v.status)).toEqual(['skipped']);
    const feed = await t.server.inject({ method: 'GET', url: '/api/v1/videos/getallvideos' });
    expect(feed.json().totalVideos).toBe(1);
  });
});
