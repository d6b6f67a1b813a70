import { exitWithError } from './process/exit-with-error.js';
import { CHILD_ENV } from './process/primary.js';

// Entry of a child: a process the supervisor (main.ts, process/primary.ts) forks, either a
// server process sharing the listening port or the process that runs the processing worker.
// Each loads only what its role needs. Its role comes from CHILD_ENV, set by the supervisor for
// its children alone; settings come from the configuration (config.ts).
const role = process.env[CHILD_ENV.role];
const started =
  role === 'processor'
    ? import('./process/processing-worker.js').then((m) =>
        m.runProcessingWorker({ migrate: false }),
      )
    : import('./process/serve.js').then((m) =>
        m.serve({
          leader: role === 'leader',
          processes: Number(process.env[CHILD_ENV.processes] ?? 1),
          firstStart: process.env[CHILD_ENV.firstStart] === '1',
        }),
      );
started.catch(exitWithError);
