// Baseline security headers on every answer, API and static files alike (OWASP Secure Headers Project), and the
// Content-Security-Policy (server/lib/content-security-policy.ts), whose socket sources come from the realtime
// endpoints once the realtime services are set up.
import type { FastifyInstance } from 'fastify'
import type { RealtimeEndpoints } from '../../src/domain/contract'
import { contentSecurityPolicy, SERVICE_WORKER_PATH } from '../lib/content-security-policy'

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const

export interface SecurityHeaderOptions {
  /** connect-src sources beyond this origin and the realtime endpoints (a client built against another API). */
  extraConnectSources?: readonly string[]
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const { extraConnectSources } = options
  const policiesFor = (endpoints: RealtimeEndpoints | undefined) => ({
    page: contentSecurityPolicy(endpoints, { extraConnectSources }),
    serviceWorker: contentSecurityPolicy(endpoints, { extraConnectSources, serviceWorker: true }),
  })
  // Before the realtime services exist (an answer during start-up), the stricter same-origin-only policies.
  const startup = policiesFor(undefined)
  let ready: typeof startup | undefined
  app.addHook('onSend', async (request, reply, payload) => {
    if (ready === undefined && app.hasDecorator('realtime')) ready = policiesFor(app.realtime.endpoints)
    reply.headers(SECURITY_HEADERS)
    // A route with a stricter policy of its own keeps it (a chat file: `default-src 'none'; sandbox`).
    if (!reply.hasHeader('content-security-policy')) {
      const policies = ready ?? startup
      const path = request.url.split('?')[0]
      reply.header(
        'content-security-policy',
        path === SERVICE_WORKER_PATH ? policies.serviceWorker : policies.page,
      )
    }
    return payload
  })
}
