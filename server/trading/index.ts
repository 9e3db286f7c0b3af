// Wires the trading desk into the app: after the repositories and the realtime services (it reads prices from the
// feed and publishes through the publisher), before the routes that call it. The desk is the trade engine and what
// stands beside it (decision 0034): pending orders, trailing stops, and the changes a customer makes to positions
// and orders. Decorates the app with `trading` (the engine), `orders` and `positions`.
import type { FastifyInstance } from 'fastify'
import { createTradeEngine, type TradeEngine, type TradeEngineDependencies } from './engine'
import { createMarketMarks } from './market-marks'
import { createOrderRequests, type OrderRequests } from './order-requests'
import { createPendingOrders } from './pending-orders'
import { createPositionChanges, type PositionChanges } from './position-changes'
import { createPriceAlerts, type PriceAlerts, type PriceAlertsDependencies } from './price-alerts'
import { createTrailingStops } from './trailing-stops'

declare module 'fastify' {
  interface FastifyInstance {
    trading: TradeEngine
    orders: OrderRequests
    positions: PositionChanges
    alerts: PriceAlerts
  }
}

/** Expiries and the trailing stops' writes are looked at this often, on the leader. */
const HOUSEKEEPING_INTERVAL_MS = 1_000

export type TradingDesk = Awaited<ReturnType<typeof createTradingDesk>>

/** Every part of the desk on the same dependencies; tests build one on prices they move themselves. */
export async function createTradingDesk(
  deps: TradeEngineDependencies & Pick<PriceAlertsDependencies, 'push'>,
) {
  const engine = await createTradeEngine(deps)
  const trailing = createTrailingStops({ ...deps, engine })
  const pending = createPendingOrders({ ...deps, engine, onFilled: (position) => trailing.track(position) })
  const marks = createMarketMarks(deps.prices)
  const orders = createOrderRequests({ ...deps, engine, marks, pending })
  const positions = createPositionChanges({ ...deps, engine, marks, trailing })
  // Price alerts (decision 0037): their own book on the same ticks and the same leader.
  const alerts = createPriceAlerts(deps)
  await Promise.all([pending.load(), trailing.load(), alerts.load()])

  // Unref'd: the HTTP server is what keeps the process alive.
  const housekeeping = setInterval(() => {
    void pending.expireDue()
    void alerts.expireDue()
    trailing.flush()
  }, HOUSEKEEPING_INTERVAL_MS)
  housekeeping.unref()

  return {
    engine,
    orders,
    positions,
    pending,
    trailing,
    alerts,
    /** Resolves once the fills, closes and writes started by the ticks so far have finished. */
    async settled(): Promise<void> {
      await pending.settled()
      await trailing.settled()
      await alerts.settled()
    },
    /** Stops watching the ticks and waits for the work under way (before the database closes). */
    async stop(): Promise<void> {
      clearInterval(housekeeping)
      await Promise.all([pending.stop(), trailing.stop(), alerts.stop()])
      await engine.stop()
    },
  }
}

export async function registerTrading(app: FastifyInstance): Promise<void> {
  const desk = await createTradingDesk({
    repos: app.repos,
    prices: app.prices,
    publisher: app.publisher,
    now: () => app.now(),
    log: app.log,
    leader: app.cluster.leader,
    bus: app.cluster.bus,
    push: app.push.queue,
    // A take-profit, stop-loss or stop-out close is pushed by the customer's preferences (decision 0037).
    onClosedWithoutCustomer: (userId, trade, reason) => app.push.events.positionClosed(userId, trade, reason),
  })
  app.decorate('trading', desk.engine)
  app.decorate('orders', desk.orders)
  app.decorate('positions', desk.positions)
  app.decorate('alerts', desk.alerts)
  // Hooks of one kind run in the order they were added, so this runs after the price feed's own preClose: no tick
  // arrives afterwards, and the closes under way finish while the database is still open.
  // The push queue stops after the desk, so the pushes of its last ticks still leave.
  app.addHook('preClose', async () => {
    await desk.stop()
    await app.push.queue.stop()
  })
  app.log.info(
    {
      watched: desk.engine.watchedCount,
      pending: desk.pending.size,
      trailing: desk.trailing.size,
      alerts: desk.alerts.size,
    },
    'trade engine started',
  )
}
