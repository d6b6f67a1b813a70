import { exitWithError } from './process/exit-with-error.js';
import { runProcessingWorker } from './process/processing-worker.js';

// `npm run worker`: a processing worker on its own, for machines that share the database and
// the media store with the servers. A database that never answered is one line, as for a server.
runProcessingWorker({ migrate: true }).catch(exitWithError);
