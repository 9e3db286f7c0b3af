// The app's clock. Expiries, locks and rate windows all read it, so tests can move time instead of waiting.
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    now: () => Date
  }
}

export function registerClock(app: FastifyInstance, now: () => Date = () => new Date()): void {
  app.decorate('now', now)
}
