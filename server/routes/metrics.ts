// Prometheus scrape endpoint, outside the API prefix as Prometheus expects.
import type { FastifyInstance } from 'fastify'

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/metrics', async (_request, reply) => {
    const text = await app.metrics.metrics()
    return reply.type(app.metrics.contentType).send(text)
  })
}
