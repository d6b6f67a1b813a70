import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type RegistryContentType,
} from 'prom-client';
import type { PoolStats } from '../db/database.js';
import type { QueueStats } from '../repositories/job-queue.repository.js';
import type { OrphanSweepTotals } from '../storage/orphan-sweep.js';
import { fail } from '../http/envelope.js';

/** Asks the supervisor for every server process's metrics, merged; see process/primary.ts. */
export type ClusterMetrics = () => Promise<{ text: string; contentType: string }>;

export interface MetricsDeps {
  /** `Authorization: Bearer` value a scraper must present. */
  token: string;
  poolStats: () => PoolStats | undefined;
  /** Reads answered by an identical statement another read also got (DatabaseHandle). */
  sharedReads: () => number;
  /** The processing queue, read from the shared database at each scrape. */
  queueStats: () => Promise<QueueStats>;
  /** Set when this process is one of several under the supervisor. */
  cluster?: ClusterMetrics;
  /** The orphan sweep's totals (runs only in the leader; the others answer zeros). */
  orphanSweeps?: () => OrphanSweepTotals;
}

/** Sub-millisecond reads to slow uploads. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  // Hashes have one length, so the comparison's time says nothing about the token.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * A counter whose running total is kept elsewhere (a pool's, the sweep's) and read at each
 * scrape; nothing is reported while `total` has none.
 */
function totalCounter(
  registry: Registry,
  name: string,
  help: string,
  total: () => number | undefined,
): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const value = total();
      if (value === undefined) return;
      this.reset();
      this.inc(value);
    },
  });
}

/**
 * Prometheus metrics for this process, in prom-client's global registry (the one the
 * supervisor's AggregatorRegistry collects from each process): request durations per route,
 * the database pool, the processing queue, and the process's memory, CPU and event-loop lag.
 * Job durations come from the worker process (processing/job-metrics.ts).
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Registry {
  const registry = new Registry();
  AggregatorRegistry.setRegistries([registry]);
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request received to answer sent, per route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool of this process: the most it opens, open, idle, and queries waiting',
    labelNames: ['state'] as const,
    registers: [registry],
    // Summed across processes by the aggregator: the server's total.
    aggregator: 'sum',
    collect() {
      const stats = deps.poolStats();
      if (!stats) return;
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  totalCounter(
    registry,
    'db_shared_reads_total',
    'Reads answered by an identical statement another request also got (db/shared-reads.ts, db/gathered-reads.ts)',
    deps.sharedReads,
  );
  totalCounter(
    registry,
    'db_batched_lookups_total',
    'PostgreSQL lookups (sessions) answered by one statement with others asked at the same time (db/batched-lookup.ts)',
    () => deps.poolStats()?.batchedLookups,
  );

  // Both queue gauges are collected at once: they share one query per scrape.
  let reading: Promise<QueueStats> | undefined;
  const queueStats = () =>
    (reading ??= deps.queueStats().finally(() => {
      reading = undefined;
    }));
  // Every server process reads the same table: the aggregator keeps one reading, not their sum.
  new Gauge({
    name: 'processing_jobs',
    help: 'Processing jobs not finished: queued, running, and stalled (running, lease expired)',
    labelNames: ['state'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const stats = await queueStats();
      this.set({ state: 'queued' }, stats.queued);
      this.set({ state: 'running' }, stats.running);
      this.set({ state: 'stalled' }, stats.stalled);
    },
  });
  new Gauge({
    name: 'processing_queue_oldest_seconds',
    help: 'How long the oldest due queued job has waited',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.set((await queueStats()).oldestQueuedSeconds);
    },
  });
  const sweeps = deps.orphanSweeps;
  if (sweeps) {
    // Totals of the leader's sweeps; every other process answers zeros, so sums are the total.
    totalCounter(
      registry,
      'storage_orphans_removed_total',
      'Files and objects no row referred to, removed by the orphan sweep',
      () => sweeps().removed,
    );
    totalCounter(
      registry,
      'storage_orphan_bytes_removed_total',
      'Bytes of the orphans the sweep removed',
      () => sweeps().removedBytes,
    );
    totalCounter(
      registry,
      'storage_videos_failed_missing_files_total',
      'Videos the orphan sweep failed because their files were gone from storage',
      () => sweeps().failedVideos,
    );
    new Gauge({
      name: 'storage_orphan_sweep_last_run_timestamp_seconds',
      help: 'When the last orphan sweep ended (0: none yet)',
      registers: [registry],
      aggregator: 'max',
      collect() {
        this.set((sweeps().lastRunAt ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'storage_orphan_sweep_last_found',
      help: 'What the last orphan sweep found: orphans, and videos missing files',
      labelNames: ['kind'] as const,
      registers: [registry],
      aggregator: 'max',
      collect() {
        this.set({ kind: 'orphans' }, sweeps().lastOrphans);
        this.set({ kind: 'videos_missing_files' }, sweeps().lastLost);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids would make every request its own series.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, deps.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(fail(401, 'A valid metrics token is required.'));
    }
    reply.header('cache-control', 'no-store');
    if (deps.cluster) {
      try {
        const { text, contentType } = await deps.cluster();
        return reply.type(contentType).send(text);
      } catch (err) {
        // A process being replaced (or still starting) did not answer in time: ask again soon.
        request.log.warn({ err }, 'metrics collection incomplete');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send(fail(503, 'Metrics are being collected; try again shortly.'));
      }
    }
    return reply.type(registry.contentType as RegistryContentType).send(await registry.metrics());
  });
  return registry;
}
