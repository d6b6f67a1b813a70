import { exitWithError } from './process/exit-with-error.js';
import { serve } from './process/serve.js';
import { WORKER_ENV } from './process/primary.js';

// One of several server processes forked by main.ts; they share the listening port.
serve({
  leader: process.env[WORKER_ENV.role] === 'leader',
  processes: Number(process.env[WORKER_ENV.processes] ?? 1),
  firstStart: process.env[WORKER_ENV.firstStart] === '1',
}).catch(exitWithError);
