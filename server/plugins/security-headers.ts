// Baseline security headers on every answer, API and static files alike (OWASP Secure Headers Project).
import type { FastifyInstance } from 'fastify'

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS)
    return payload
  })
}
