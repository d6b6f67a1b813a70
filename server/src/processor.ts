import { exitWithError } from './process/exit-with-error.js';
import { runProcessingWorker } from './process/process-worker.js';

// `npm run worker`: a processing worker on its own, for machines that share the database and
// the media store with the servers.
runProcessingWorker({ migrate: true }).catch(exitWithError);
