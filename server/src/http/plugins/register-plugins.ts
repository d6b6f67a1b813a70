import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppConfig } from '../../config.js';
import type { MetricsDeps } from '../../metrics/metrics.js';
import type { AuthService } from '../../services/auth.service.js';
import { sessionCookiePolicy } from '../cookie-policy.js';
import { registerMultipartParser } from '../multipart.js';
import { registerJsonCompression } from './json-compression.js';
import { registerOpenApi } from './openapi.js';
import { registerSecurity } from './security.js';
import { registerSession } from './session.js';

/**
 * What every route has, registered before any of them: security headers and CORS, JSON
 * compression when configured, metrics when a token is set, cookies, multipart bodies, the
 * session and the OpenAPI document. The order matters: hooks run in it.
 */
export async function registerPlugins(
  server: FastifyInstance,
  deps: {
    config: AppConfig;
    auth: AuthService;
    /** What the metrics read, apart from the token (only when METRICS_TOKEN is set). */
    metrics: Omit<MetricsDeps, 'token'>;
  },
): Promise<void> {
  const { config } = deps;
  const mediaOrigins = config.mediaBase
    ? [...new Set([config.mediaBase.public, config.mediaBase.app].map((u) => new URL(u).origin))]
    : [];
  await registerSecurity(server, config.corsOrigins, mediaOrigins, config.embedAllowedOrigins);
  if (config.compressJson) registerJsonCompression(server);
  if (config.metricsToken) {
    // Loaded only when asked for: prom-client's collectors cost every process a little.
    const { registerMetrics } = await import('../../metrics/metrics.js');
    registerMetrics(server, { token: config.metricsToken, ...deps.metrics });
  }
  await server.register(cookie);
  registerMultipartParser(server);
  registerSession(server, deps.auth, sessionCookiePolicy(config.publicUrl, config.corsOrigins));
  await registerOpenApi(server);
}
