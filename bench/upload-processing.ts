import fs from 'node:fs';
import path from 'node:path';
import { createFfprobe } from '../server/src/media/ffprobe.js';
import { ladderArgs } from '../server/src/media/ffmpeg-args.js';
import { planProcessing } from '../server/src/processing/plan.js';
import { publish, timed, until, videoOf } from './upload-client.js';
import { BASE, UPLOAD_BUDGET, log, meets, mediaTools, ratio, run } from './upload-settings.js';

/**
 * What processing an upload costs: the whole ladder of a clip against one bare ffmpeg pass,
 * and how soon a short upload plays while a long ladder encodes. Each answers its row of the
 * report's table.
 */

type Server = { url: string; pid: number };

/** 3. The ladder of a 30 s 720p clip against one bare split pass of the same renditions. */
export async function ladder(
  server: Server,
  cookie: string,
  ffmpeg: string,
  clip720: string,
): Promise<string> {
  const probe = await createFfprobe(mediaTools().ffprobe.path)(clip720);
  const plan = planProcessing(probe!);
  const work = path.join(BASE, 'bare-ladder');
  fs.rmSync(work, { recursive: true, force: true });
  for (const r of plan.renditions) {
    fs.mkdirSync(path.join(work, `${r.height}p`), { recursive: true });
  }
  const args = ladderArgs(clip720, plan.renditions, (h) => path.join(work, `${h}p`), true);
  const [splitSeconds] = await timed(() => run(ffmpeg, args));
  fs.rmSync(work, { recursive: true, force: true });
  const sent = await publish(server.url, cookie, clip720, 'Bench 720p');
  await until('the 720p clip to be ready', async () => {
    const v = (
      (await (await videoOf(server.url, sent.id, cookie)).json()) as {
        data: { status: string };
      }
    ).data;
    if (v.status === 'failed') throw new Error('the 720p clip failed');
    return v.status === 'ready';
  });
  const readySeconds = (performance.now() - sent.at) / 1000;
  log(`720p ladder: app ${readySeconds.toFixed(1)} s, one split pass ${splitSeconds.toFixed(1)} s`);
  return `| 30 s 720p clip, upload to ready, against one bare \`split\` pass of ${plan.renditions.map((r) => `${r.height}p`).join(', ')} | ${readySeconds.toFixed(1)} s | ${splitSeconds.toFixed(1)} s | ${ratio(readySeconds, splitSeconds)} | ≤ ${UPLOAD_BUDGET.ladderRatio} | ${meets(readySeconds / splitSeconds <= UPLOAD_BUDGET.ladderRatio)} |`;
}

/** 4. A short upload's time to playable while a 60 s 1080p ladder encodes. */
export async function playable(
  server: Server,
  cookie: string,
  long1080: string,
  short: string,
): Promise<string> {
  const long = await publish(server.url, cookie, long1080, 'Bench long 1080p');
  await until('the long upload to play (its ladder is then encoding)', async () => {
    const v = (
      (await (await videoOf(server.url, long.id, cookie)).json()) as {
        data: { playable: boolean };
      }
    ).data;
    return v.playable;
  });
  const quick = await publish(server.url, cookie, short, 'Bench short');
  await until(
    'the short upload to play for visitors',
    async () => (await videoOf(server.url, quick.id)).status === 200,
  );
  const playableMs = performance.now() - quick.at;
  const longStill =
    (
      (await (await videoOf(server.url, long.id, cookie)).json()) as {
        data: { status: string };
      }
    ).data.status === 'processing';
  log(
    `short upload playable after ${playableMs.toFixed(0)} ms (long encode running: ${longStill})`,
  );
  return `| A 6 s upload playable for visitors while a 60 s 1080p ladder encodes | ${(playableMs / 1000).toFixed(1)} s | | | ≤ 5 s | ${meets(playableMs <= 5000 && longStill)} |`;
}
