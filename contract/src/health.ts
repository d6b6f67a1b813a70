import { z } from 'zod';

/** What a load balancer or orchestrator reads from the health endpoints. */
export const livenessSchema = z.object({
  status: z.literal('live'),
  /** Seconds since this process started. */
  uptimeSeconds: z.number(),
});
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * `ffprobe`: the server probes uploads with it. `ffmpeg`: checked when this server runs the
 * processing worker itself (EMBEDDED_WORKER), which encodes with it.
 */
export const readinessCheckSchema = z.enum([
  'database',
  'storage',
  'migrations',
  'ffprobe',
  'ffmpeg',
  'shutdown',
]);
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/** The 200 answer; a 503 is the error envelope with one field error per failing check. */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    storage: z.literal('ok'),
    migrations: z.literal('ok'),
    ffprobe: z.literal('ok'),
    /** Absent when processing runs elsewhere (EMBEDDED_WORKER=false). */
    ffmpeg: z.literal('ok').optional(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
