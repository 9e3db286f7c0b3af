// Prometheus metrics. Each app owns its registry: tests run several apps in one process, and prom-client's global
// registry would reject the second app's metrics as duplicates.
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry
  }
}

// An unmatched URL is labelled as such, never by its path: scanners would otherwise create a series per URL.
const UNMATCHED_ROUTE = 'unmatched'

export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  const labelNames = ['method', 'route', 'status_code'] as const
  const requestsTotal = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  })
  const requestDurationSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, in seconds',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })

  app.decorate('metrics', registry)
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    }
    requestsTotal.inc(labels)
    requestDurationSeconds.observe(labels, reply.elapsedTime / 1000)
  })
}
