import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createFfprobe } from '../media/ffprobe.js';
import { buildWorker } from '../processing/build-worker.js';
import { describeStorage, openBlobStore } from '../storage/open-blob-store.js';
import { DEMO_PASSWORD } from './demo-content.js';
import { seedDemo } from './seed-demo.js';

/** `npm run demo`: the same app `npm start` serves, built in-process and fed through its API. */
async function main(): Promise<void> {
  const base = loadConfig();
  // A local, trusted one-off: the sign-up and sign-in limits are for strangers on the network.
  const config = {
    ...base,
    webDistDir: undefined,
    rateLimits: {
      login: { max: 0, windowSeconds: 60 },
      register: { max: 0, windowSeconds: 3600 },
    },
  };
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
    timeoutMs: config.databaseTimeoutMs,
  });
  try {
    await migrateToLatest(database.db);
    const blobs = await openBlobStore(config);
    const { server } = await buildApp({ config, database, blobs });
    await server.ready();
    try {
      const where = database.dialect === 'postgres' ? 'PostgreSQL' : config.sqlitePath;
      console.log(`Seeding demo content into ${where} (${describeStorage(config)})`);
      const summary = await seedDemo(server, { ffmpegPath: ffmpeg.path, log: console.log });
      const uploaded = summary.videos.filter((v) => v.status === 'uploaded').length;
      // Processed here, so the videos play even before a server (and its worker) runs.
      console.log('Processing the uploads…');
      await buildWorker({
        config,
        database,
        blobs,
        probe: createFfprobe(config.mediaTools.ffprobe.path),
        ffmpegPath: config.mediaTools.ffmpeg.path,
      }).drain();
      const skipped = summary.videos.length - uploaded;
      const registered = summary.channels.filter((c) => c.status === 'registered').length;
      console.log(
        `\nDone: ${summary.channels.length} channels (${registered} new), ${uploaded} videos uploaded, ${skipped} already there.`,
      );
      console.log(
        `Sign in as any of ${summary.channels.map((c) => c.username).join(', ')} with the password "${DEMO_PASSWORD}".`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
