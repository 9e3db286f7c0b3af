// Wires the realtime services into the app, all on the server's one port: the embedded Pusher broker (unless
// PUSHER_HOST names another service) with its HTTP events API, the publisher every feature uses, and the price feed
// with its simulator. Decorates the app with `publisher`, `prices` and `realtime` (the public endpoints, the
// broker, and `endSessions`, which closes a signed-out session's sockets on every instance).
import type { FastifyInstance } from 'fastify'
import { PRICE_FEED, type RealtimeEndpoints } from '../../src/domain/contract'
import { INSTANCE_HEADER } from '../cluster'
import { compileTrust, type TrustProxy } from '../lib/client-address'
import { ClusteredBroker } from './broker/clustered-broker'
import { redisCacheStore } from './broker/cache-channels'
import { brokerHttpApi } from './broker/http-api'
import { redisOccupancy, SOLO_OCCUPANCY, Webhooks } from './broker/webhooks'
import { resolveRealtime, type RealtimeOptions } from './config'
import { registerRealtimeMetrics } from './metrics'
import { startPriceFeed, type PriceFeed } from './prices/feed'
import { createPublisher, type Publisher } from './publisher'
import { routeUpgrades, type UpgradeRoute } from './upgrades'

export type { RealtimeOptions } from './config'

/** What features may ask of the price feed. */
export type Prices = Pick<PriceFeed, 'current' | 'isOpen' | 'onTicks' | 'snapshot' | 'candles'>

declare module 'fastify' {
  interface FastifyInstance {
    publisher: Publisher
    prices: Prices
    realtime: {
      endpoints: RealtimeEndpoints
      broker: ClusteredBroker | undefined
      /**
       * These sessions were signed out: their Pusher sockets close (4009) and their price sockets drop, here and on
       * every other instance, before this returns anything else a caller publishes (decision 0033).
       */
      endSessions: (sessionIds: readonly number[]) => void
    }
  }
}

/** `trustProxy` is the app's: the sockets' per-address limits count the client request.ip would name. */
export async function registerRealtime(
  app: FastifyInstance,
  options: RealtimeOptions = {},
  trustProxy: TrustProxy = false,
): Promise<void> {
  const resolved = resolveRealtime(options, await app.repos.realtimeCredentials.getOrCreate())
  const trust = compileTrust(trustProxy)
  // Sockets name their instance as HTTP answers do (cluster/index.ts), for operators and tests behind a balancer.
  const upgradeHeaders = { [INSTANCE_HEADER]: app.cluster.instanceId }

  // Webhooks are the cluster's: with Redis, which instance sends an occupied or vacated is decided there.
  const webhooks =
    resolved.broker && resolved.webhooks
      ? new Webhooks(
          { ...resolved.webhooks, key: resolved.target.key, secret: resolved.target.secret },
          app.cluster.redis
            ? redisOccupancy(app.cluster.redis, app.cluster.prefix, app.cluster.instanceId, app.log)
            : SOLO_OCCUPANCY,
          app.log,
        )
      : undefined
  const broker =
    resolved.broker &&
    new ClusteredBroker(
      { id: resolved.target.appId, key: resolved.target.key, secret: resolved.target.secret },
      resolved.broker,
      {
        log: app.log,
        onMessagesSent: (count) => metrics.messagesSent.inc(count),
        trust,
        upgradeHeaders,
        ...(webhooks ? { webhooks } : {}),
        ...(app.cluster.redis
          ? { cacheStore: redisCacheStore(app.cluster.redis, app.cluster.prefix, app.log) }
          : {}),
      },
      app.cluster.bus,
    )
  const feed = startPriceFeed(
    {
      assets: await app.repos.assets.list(),
      now: options.marketNow ?? (() => app.now()),
      log: app.log,
      saveQuotes: (quotes) => app.repos.assets.saveQuotes(quotes),
      onTicksEmitted: (count) => metrics.ticksEmitted.inc(count),
      trust,
      upgradeHeaders,
      sessionOf: async (token) => (await app.repos.authTokens.authenticate(token, app.now()))?.tokenId,
      cluster: {
        bus: app.cluster.bus,
        leader: app.cluster.leader,
        prefix: app.cluster.prefix,
        ...(app.cluster.redis ? { redis: app.cluster.redis } : {}),
      },
    },
    resolved.prices,
  )
  // The callbacks above run only once traffic flows, long after this line.
  const metrics = registerRealtimeMetrics(app.metrics, {
    pusherConnections: () => broker?.connectionCount ?? 0,
    pusherSubscriptions: () => broker?.subscriptionCount ?? 0,
    priceConnections: () => feed.connections,
  })
  if (broker) await app.register(brokerHttpApi, { broker, now: () => app.now() })
  const publisher = createPublisher(app, resolved.target, metrics.published, broker || undefined)

  const routes: UpgradeRoute[] = [
    {
      prefix: `${PRICE_FEED.PATH}/`,
      handle: (request, socket, head) => feed.handleUpgrade(request, socket, head),
    },
  ]
  if (broker) {
    routes.push({
      prefix: '/app/',
      handle: (request, socket, head) => broker.handleUpgrade(request, socket, head),
    })
  }
  // pusher-js stops on 4005 where an HTTP 404 would have it retry forever (decision 0036).
  const upgrades = routeUpgrades(
    app.server,
    routes,
    broker ? (request, socket, head) => broker.refuseUnknownPath(request, socket, head) : undefined,
  )

  app.decorate('publisher', publisher)
  app.decorate('prices', {
    current: (assetId: string) => feed.current(assetId),
    isOpen: (assetId: string) => feed.isOpen(assetId),
    onTicks: feed.onTicks,
    snapshot: () => feed.snapshot(),
    candles: feed.candles,
  })
  app.decorate('realtime', {
    endpoints: resolved.endpoints,
    broker,
    endSessions: (sessionIds: readonly number[]) => {
      broker?.closeSessions(sessionIds)
      feed.closeSessions(sessionIds)
    },
  })

  // Once the app is ready: an app whose build failed halfway never starts timers nobody would stop.
  app.addHook('onReady', async () => feed.start())
  // Before the HTTP server closes: open WebSockets would otherwise hold its close() open. The feed also writes its
  // last prices here, while the database is still open.
  app.addHook('preClose', async () => {
    upgrades.stop()
    await Promise.all([broker?.close(), feed.close()])
    await webhooks?.close()
  })
  app.addHook('onClose', async () => {
    publisher.close()
  })
  app.log.info(
    { pusher: publisher.mode, ticksPerSecond: resolved.prices.ticksPerSecond },
    'realtime services started',
  )
}
