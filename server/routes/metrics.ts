// Prometheus scrape endpoint, outside the API prefix as Prometheus expects. Figures about the service are not for
// everyone (decision 0018): with a token (METRICS_TOKEN) only `Authorization: Bearer <token>` is answered; without
// one, only callers on this machine.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { equalsInConstantTime } from '../lib/constant-time'
import { MESSAGES, sendError } from '../plugins/errors'

export interface MetricsRouteOptions {
  /** When set, the bearer token a scraper must send; when unset, only loopback callers are answered. */
  token?: string
}

export const METRICS_MESSAGES = {
  LOCAL_ONLY: 'Metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere.',
} as const

const isLoopback = (address: string | undefined) =>
  address !== undefined && /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i.test(address)

/**
 * A caller on this machine: the socket and the client address (which trustProxy may take from X-Forwarded-For)
 * are loopback, and no proxy says it forwarded the request: behind a proxy on the same machine every request
 * arrives from loopback, and those are strangers.
 */
function isLocalCaller(request: FastifyRequest): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  return !forwarded && isLoopback(request.socket.remoteAddress) && isLoopback(request.ip)
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return match?.[1]
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsRouteOptions): Promise<void> {
  const { token } = options
  async function allowScraper(request: FastifyRequest, reply: FastifyReply) {
    if (token === undefined) {
      if (!isLocalCaller(request)) return sendError(reply, 403, { message: METRICS_MESSAGES.LOCAL_ONLY })
      return undefined
    }
    const sent = bearerToken(request)
    if (sent === undefined || !equalsInConstantTime(sent, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"')
      return sendError(reply, 401, { message: MESSAGES.UNAUTHENTICATED })
    }
    return undefined
  }

  app.get('/metrics', { onRequest: allowScraper }, async (_request, reply) => {
    const text = await app.metrics.metrics()
    return reply.type(app.metrics.contentType).send(text)
  })
}
