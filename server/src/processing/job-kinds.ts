import type { JobKind } from './jobs.js';
import { reprocessJobKind, type ReprocessDeps } from './reprocess-job.js';
import { videoJobKinds } from './video-jobs.js';
import type { VideoJobDeps } from './video-run.js';

/** What the kinds below are built with; a new kind adds what it needs here. */
export interface JobKindDeps {
  video: VideoJobDeps;
  adoptPrefix: ReprocessDeps['adoptPrefix'];
  /** JOB_TIMEOUT_SECONDS, in ms: no run of any kind lasts longer. */
  timeoutMs: number;
}

/**
 * Every kind of job a worker runs, by name. A job whose kind is not listed is given back to the
 * queue for a worker that knows it. Adding a kind: write a `JobKind` (processing/jobs.ts) in
 * its own file, list it here, and enqueue it with `JobQueueRepository.enqueue`.
 */
export function jobKinds(deps: JobKindDeps): JobKind[] {
  return [
    ...videoJobKinds(deps.video, deps.timeoutMs),
    reprocessJobKind({ video: deps.video, adoptPrefix: deps.adoptPrefix }, deps.timeoutMs),
  ];
}
