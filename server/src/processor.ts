import { runProcessingWorker } from './process/process-worker.js';

// `npm run worker`: a processing worker on its own, for machines that share the database and
// the media store with the servers.
runProcessingWorker({ migrate: true }).catch((err) => {
  console.error(err);
  process.exit(1);
});
