import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { exitWithError } from './process/exit-with-error.js';
import { ensureMediaTools } from './process/startup-problems.js';

/**
 * Process entry. One Node process runs JavaScript on one core, so on a machine with more
 * cores the server runs as several processes sharing the port (node:cluster): this one only
 * supervises them. Everything that must be shared (sessions, rate limits, counts) is already
 * in the database, so any process can answer any request.
 */
async function main(): Promise<void> {
  // Refused here, once, before any process is forked, rather than by each of them: a bad
  // variable, and a media program that cannot run.
  const config = loadConfig();
  const processes = config.serverProcesses;
  // Uploads are processed by a processing worker in a process of its own, unless workers run
  // elsewhere (EMBEDDED_WORKER=false).
  const processor = config.processing.embeddedWorker;
  await ensureMediaTools(config, { ffmpeg: processor });
  if (processes <= 1 && !processor) {
    const { serve } = await import('./process/serve.js');
    await serve({ leader: true, processes: 1, firstStart: true });
    return;
  }
  const { runPrimary } = await import('./process/primary.js');
  // The children's entry: child.js beside the built main.js, or child.ts when run from source.
  const self = fileURLToPath(import.meta.url);
  runPrimary({
    processes,
    processor,
    exec: self.replace(/main\.(js|ts)$/, 'child.$1'),
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    metrics: config.metricsToken !== undefined,
  });
}

main().catch(exitWithError);
