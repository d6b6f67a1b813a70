import { Histogram, register } from 'prom-client';
import type { JobOutcome } from '../processing/worker.js';

/**
 * Job durations, observed in the worker process. Under `npm start` the supervisor merges them
 * into the server's /metrics with every other process's (histograms add up across processes).
 */
export function jobDurationRecorder(): (outcome: JobOutcome, seconds: number) => void {
  const histogram = new Histogram({
    name: 'processing_job_duration_seconds',
    help: 'Wall time of each processing run, by how it ended',
    labelNames: ['outcome'] as const,
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [register],
  });
  return (outcome, seconds) => histogram.observe({ outcome }, seconds);
}
