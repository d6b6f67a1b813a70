import { z } from 'zod';

/** What a load balancer or orchestrator reads from the health endpoints. */
export const livenessSchema = z.object({
  status: z.literal('live'),
  /** Seconds since this process started. */
  uptimeSeconds: z.number(),
});
export type Liveness = z.infer<typeof livenessSchema>;

export const readinessCheckSchema = z.enum(['database', 'storage', 'migrations', 'shutdown']);
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/** The 200 answer; a 503 is the error envelope with one field error per failing check. */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    storage: z.literal('ok'),
    migrations: z.literal('ok'),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
