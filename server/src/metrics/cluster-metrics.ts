import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import type { ClusterMetrics } from './metrics.js';

const REQUEST = 'vidshare:metrics-request';
const ANSWER = 'vidshare:metrics-answer';

interface Request {
  type: typeof REQUEST;
  id: string;
}
interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  contentType?: string;
  error?: string;
}

/**
 * In the supervisor: answers a server process's request for the whole server's metrics by
 * collecting every process's registry (prom-client's AggregatorRegistry over node:cluster)
 * and merging them: counters and histograms summed, per-process gauges as their aggregator says.
 */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (child, message: Request) => {
    if (message?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) =>
        child.send({ type: ANSWER, id: message.id, text, contentType: aggregator.contentType }),
      (err: Error) => child.send({ type: ANSWER, id: message.id, error: err.message }),
    );
  });
}

/** In a server process: the `/metrics` handler's way to the supervisor's merged metrics. */
export function clusterMetricsClient(): ClusterMetrics {
  // Constructing one makes this process answer the supervisor's collection requests.
  new AggregatorRegistry();
  return () =>
    new Promise((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        process.off('message', onMessage);
        reject(new Error('the supervisor did not answer with metrics'));
      }, 6000);
      const onMessage = (message: Answer) => {
        if (message?.type !== ANSWER || message.id !== id) return;
        clearTimeout(timer);
        process.off('message', onMessage);
        if (message.error || message.text === undefined) reject(new Error(message.error));
        else resolve({ text: message.text, contentType: message.contentType ?? 'text/plain' });
      };
      process.on('message', onMessage);
      process.send!({ type: REQUEST, id } satisfies Request);
    });
}
