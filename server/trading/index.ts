// Wires the trade engine into the app: after the repositories and the realtime services (it reads prices from the
// feed and publishes through the publisher), before the routes that call it. Decorates the app with `trading`.
import type { FastifyInstance } from 'fastify'
import { createTradeEngine, type TradeEngine } from './engine'

declare module 'fastify' {
  interface FastifyInstance {
    trading: TradeEngine
  }
}

export async function registerTrading(app: FastifyInstance): Promise<void> {
  const engine = await createTradeEngine({
    repos: app.repos,
    prices: app.prices,
    publisher: app.publisher,
    now: () => app.now(),
    log: app.log,
    leader: app.cluster.leader,
    bus: app.cluster.bus,
  })
  app.decorate('trading', engine)
  // Hooks of one kind run in the order they were added, so this runs after the price feed's own preClose: no tick
  // arrives afterwards, and the closes under way finish while the database is still open.
  app.addHook('preClose', () => engine.stop())
  app.log.info({ watched: engine.watchedCount }, 'trade engine started')
}
