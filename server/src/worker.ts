import { exitWithError } from './process/exit-with-error.js';
import { WORKER_ENV } from './process/primary.js';

// One of the processes forked by main.ts: a server process sharing the listening port, or the
// processing worker. Each loads only what its role needs. Its role comes from WORKER_ENV, set
// by the supervisor for its children alone; settings come from the configuration (config.ts).
const role = process.env[WORKER_ENV.role];
const started =
  role === 'processor'
    ? import('./process/process-worker.js').then((m) => m.runProcessingWorker({ migrate: false }))
    : import('./process/serve.js').then((m) =>
        m.serve({
          leader: role === 'leader',
          processes: Number(process.env[WORKER_ENV.processes] ?? 1),
          firstStart: process.env[WORKER_ENV.firstStart] === '1',
        }),
      );
started.catch(exitWithError);
