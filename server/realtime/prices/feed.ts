// The live price feed: socket.io on the server's port (path /socket.io, websocket transport), fed by the market
// simulator. A client authenticates with `auth: { apiKey }` (and, signed in, `token`: its bearer token, so that
// signing the session out drops the socket), emits `subscribe:all`, gets `data:all` with every asset, and from then
// on one `data:update` per emit interval holding every tick of that interval. The feed also persists the
// simulator's figures to the database every few seconds, so GET /assets is fresh.
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { Server, type Socket } from 'socket.io'
import { z } from 'zod'
import {
  PRICE_EVENTS,
  PRICE_FEED,
  type Asset,
  type Candle,
  type CandleTimeframe,
  type LivePriceUpdate,
} from '../../../src/domain/contract'
import { ASSET_SEEDS } from '../../db/seed-data/assets'
import type { compileTrust } from '../../lib/client-address'
import { equalsInConstantTime } from '../../lib/constant-time'
import type { AssetQuote } from '../../repositories/assets'
import { EndedSessions } from '../ended-sessions'
import { SocketGate } from '../socket-gate'
import { createPriceStream, type PriceStreamCluster } from './price-stream'
import { MarketSimulator } from './simulator'

export interface PriceFeedOptions {
  apiKey: string
  /** Ticks per second across all open assets. */
  ticksPerSecond: number
  /** One data:update per interval. */
  emitIntervalMs: number
  ignoreMarketHours: boolean
  seed: number
  persistIntervalMs: number
  historyMinutes: number
  /** Sockets one client address may hold (decision 0018); past it the handshake fails with 'over capacity'. */
  maxConnectionsPerAddress: number
  /** Page origins allowed beyond the page's own (`*`: any); a page from elsewhere fails with 'origin not allowed'. */
  allowedOrigins: readonly string[]
}

export interface PriceFeedDependencies {
  assets: readonly Asset[]
  now: () => Date
  log: FastifyBaseLogger
  saveQuotes: (quotes: readonly AssetQuote[]) => Promise<void>
  onTicksEmitted: (count: number) => void
  /** The app's trustProxy, compiled: who the client is behind a proxy (lib/client-address.ts). */
  trust?: ReturnType<typeof compileTrust>
  /** Who leads, and the bus the leader's ticks travel on (decision 0024): only the leader runs the simulator. */
  cluster: PriceStreamCluster
  /** Added to every handshake answer, as HTTP answers get them: `X-Served-By` names the instance (decision 0024). */
  upgradeHeaders?: Readonly<Record<string, string>>
  /**
   * The live session (auth_tokens id) a bearer token belongs to, undefined for none. Without it, a handshake's
   * token is refused: the feed cannot tell whose it is.
   */
  sessionOf?: (token: string) => Promise<number | undefined>
}

export interface PriceFeed {
  /** Starts ticking and persisting. */
  start(): void
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** The server's price for an asset (by asset_id): the only price trades may use. */
  current(assetId: string): LivePriceUpdate | undefined
  /** Whether the asset's market trades now (always, with ignoreMarketHours); undefined for an unknown id. */
  isOpen(assetId: string): boolean | undefined
  /**
   * Calls `listener` with every batch of ticks the simulator produces, whether or not a socket listens (the trade
   * engine executes take-profits and stop-losses on them). Returns the function that removes it.
   */
  onTicks(listener: TickListener): () => void
  snapshot(): LivePriceUpdate[]
  candles(assetId: string, timeframe: CandleTimeframe, limit: number): Candle[] | undefined
  /** Sockets connected and authenticated. */
  readonly connections: number
  /**
   * Disconnects the sockets these signed-out sessions opened, on every instance, and refuses their handshakes
   * from now on (their tokens no longer resolve). Answers how many of this instance's sockets were dropped.
   */
  closeSessions(sessionIds: readonly number[]): number
  /** Stops the timers, disconnects every client and writes the last figures. */
  close(): Promise<void>
}

export type TickListener = (ticks: readonly LivePriceUpdate[]) => void

const LIVE_ROOM = 'live'
const END_SESSIONS_TOPIC = 'prices:end-sessions'
const EndSessionsMessage = z.object({ sessionIds: z.array(z.number().int()).max(10_000) })

/** The bearer token a handshake offers, if any: optional, so signed-out pages still get prices. */
function handshakeToken(auth: unknown): string | undefined {
  if (typeof auth !== 'object' || auth === null) return undefined
  const token = (auth as { token?: unknown }).token
  return typeof token === 'string' && token !== '' && token.length <= 512 ? token : undefined
}

/** The market simulator over the catalogue's assets, each drifting about its seed's reference rate. */
function createSimulator(deps: PriceFeedDependencies, options: PriceFeedOptions): MarketSimulator {
  const references = new Map(ASSET_SEEDS.map((seed) => [seed.assetId, seed.rate]))
  return new MarketSimulator(
    deps.assets.map((asset) => ({
      assetId: asset.asset_id,
      type: asset.type,
      category: asset.category,
      rate: asset.rate,
      dailyVolume: asset.volume,
      reference: references.get(asset.asset_id) ?? asset.rate,
    })),
    {
      seed: options.seed,
      ticksPerSecond: options.ticksPerSecond,
      ignoreMarketHours: options.ignoreMarketHours,
      historyMinutes: options.historyMinutes,
    },
    deps.now().getTime(),
  )
}

/**
 * The handshake's three checks, in order: the API key, then a place for the client's address (and its page's
 * origin), then the session its token names, if it offers one. Answers the gate and what each socket was given.
 */
function guardHandshakes(io: Server, deps: PriceFeedDependencies, options: PriceFeedOptions) {
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth
    const apiKey =
      typeof auth === 'object' && auth !== null ? (auth as { apiKey?: unknown }).apiKey : undefined
    if (typeof apiKey === 'string' && equalsInConstantTime(apiKey, options.apiKey)) {
      next()
      return
    }
    next(new Error(PRICE_FEED.UNAUTHORIZED))
  })

  // After the key: a refused handshake never holds a place. The place is given back at disconnect.
  const gate = new SocketGate(options, deps.trust, deps.log)
  const places = new WeakMap<Socket, string>()
  io.use((socket, next) => {
    const admission = gate.admit(socket.request)
    if (admission.ok) {
      places.set(socket, admission.addressKey)
      next()
      return
    }
    next(new Error(admission.reason === 'origin' ? PRICE_FEED.ORIGIN_NOT_ALLOWED : PRICE_FEED.OVER_CAPACITY))
  })

  // After the place: at most an address's cap of token look-ups run at once. A token that names no live session is
  // refused outright rather than served as anonymous, so a signed-out device's retries do not bring it back.
  const sessions = new WeakMap<Socket, number>()
  io.use((socket, next) => {
    const token = handshakeToken(socket.handshake.auth)
    if (token === undefined) return next()
    const refuse = () => {
      const place = places.get(socket)
      if (place !== undefined) gate.release(place)
      places.delete(socket)
      next(new Error(PRICE_FEED.UNAUTHORIZED))
    }
    if (!deps.sessionOf) return refuse()
    deps.sessionOf(token).then(
      (sessionId) => {
        if (sessionId === undefined) return refuse()
        sessions.set(socket, sessionId)
        next()
      },
      (error: unknown) => {
        deps.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'price feed: could not look up a session',
        )
        refuse()
      },
    )
  })
  return { gate, places, sessions }
}

/** Writes the simulator's changed figures to the database (GET /assets): the leader every round, anyone at close. */
function quoteWriter(
  simulator: MarketSimulator,
  leading: () => boolean,
  deps: Pick<PriceFeedDependencies, 'saveQuotes' | 'log'>,
) {
  let persisting: Promise<void> | undefined
  const persist = (atClose = false): Promise<void> => {
    if (persisting) return persisting
    // Every instance holds the same figures; the leader writes them (and anyone closing, who may just have led).
    if (!leading() && !atClose) return Promise.resolve()
    const changed = simulator.takeChanged()
    if (changed.length === 0) return Promise.resolve()
    persisting = deps
      .saveQuotes(
        changed.map((quote) => ({
          assetId: quote.assetId,
          rate: quote.price,
          priceLow: quote.low,
          priceHigh: quote.high,
          change: quote.change,
          changePercent: quote.changePercent,
          volume: quote.volume,
          updatedAt: new Date(quote.updatedAtMs),
        })),
      )
      .catch((error: unknown) => {
        // The next round writes newer figures; a price feed never stops over a failed write.
        deps.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'could not save prices',
        )
      })
      .finally(() => {
        persisting = undefined
      })
    return persisting
  }
  return {
    persist,
    /** Waits for a write under way, then writes what changed since. */
    async flush() {
      await persisting
      await persist(true)
    },
  }
}

export function startPriceFeed(deps: PriceFeedDependencies, options: PriceFeedOptions): PriceFeed {
  const simulator = createSimulator(deps, options)

  // socket.io makes its engine only when attached to an HTTP server. This one never listens: the upgrade router
  // (realtime/upgrades.ts) hands /socket.io/ upgrades to the engine, so socket.io adds no listener to the real
  // server and cannot compete with the Pusher broker for upgrades (realtime/upgrades.ts says why that matters).
  const io = new Server(createServer(), {
    path: PRICE_FEED.PATH,
    transports: ['websocket'],
    serveClient: false,
    // Ticks are many small JSON arrays: compressing them costs more CPU than the bandwidth it saves on a LAN.
    perMessageDeflate: false,
    maxHttpBufferSize: 16 * 1024,
  })

  if (deps.upgradeHeaders) {
    const upgradeHeaders = deps.upgradeHeaders
    io.engine.on('headers', (headers: Record<string, string>) => Object.assign(headers, upgradeHeaders))
  }

  const { gate, places, sessions } = guardHandshakes(io, deps, options)

  const endedSessions = new EndedSessions()
  /** This instance's sockets by the session that opened them. */
  const sessionSockets = new Map<number, Set<Socket>>()
  const dropSessions = (sessionIds: readonly number[]): number => {
    endedSessions.add(sessionIds)
    let dropped = 0
    for (const sessionId of sessionIds) {
      for (const socket of [...(sessionSockets.get(sessionId) ?? [])]) {
        socket.disconnect(true)
        dropped += 1
      }
      sessionSockets.delete(sessionId)
    }
    return dropped
  }
  const { bus } = deps.cluster
  const stopEndingSessions = bus.subscribe(END_SESSIONS_TOPIC, (payload) => {
    const parsed = EndSessionsMessage.safeParse(payload)
    if (parsed.success) dropSessions(parsed.data.sessionIds)
    else deps.log.warn({ topic: END_SESSIONS_TOPIC }, 'cluster bus: malformed price feed message ignored')
  })

  let connections = 0
  io.on('connection', (socket: Socket) => {
    connections += 1
    const sessionId = sessions.get(socket)
    socket.on('disconnect', () => {
      connections -= 1
      const place = places.get(socket)
      if (place !== undefined) gate.release(place)
      if (sessionId === undefined) return
      const held = sessionSockets.get(sessionId)
      held?.delete(socket)
      if (held?.size === 0) sessionSockets.delete(sessionId)
    })
    if (sessionId !== undefined) {
      // Signed out while the handshake looked its token up: the revocation has already passed this socket by.
      if (endedSessions.has(sessionId)) {
        socket.disconnect(true)
        return
      }
      let held = sessionSockets.get(sessionId)
      if (!held) sessionSockets.set(sessionId, (held = new Set()))
      held.add(socket)
    }
    socket.on(PRICE_EVENTS.SUBSCRIBE_ALL, () => {
      // The snapshot first, then the room: no tick can arrive before the data:all it updates.
      socket.emit(PRICE_EVENTS.DATA_ALL, { success: true, data: simulator.snapshot() })
      void socket.join(LIVE_ROOM)
    })
  })

  const tickListeners = new Set<TickListener>()
  /** Hands a batch to this instance's listeners (the trade engine) and sockets; the leader's or a followed one. */
  const deliver = (ticks: readonly LivePriceUpdate[]) => {
    for (const listener of tickListeners) {
      try {
        listener(ticks)
      } catch (error) {
        // One failing listener must neither stop the feed nor starve the others.
        deps.log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'price tick listener failed',
        )
      }
    }
    const listeners = io.sockets.adapter.rooms.get(LIVE_ROOM)?.size ?? 0
    if (listeners === 0) return
    // One packet per interval, encoded once by socket.io for the whole room.
    io.to(LIVE_ROOM).emit(PRICE_EVENTS.DATA_UPDATE, ticks)
    deps.onTicksEmitted(ticks.length)
  }
  const stream = createPriceStream({
    simulator,
    cluster: deps.cluster,
    deliver,
    now: () => deps.now().getTime(),
    log: deps.log,
  })
  const emit = () => {
    // Followers deliver the leader's batches as they arrive.
    if (!stream.leading) return
    const ticks = stream.produce(deps.now().getTime())
    if (ticks.length > 0) deliver(ticks)
  }

  const quotes = quoteWriter(simulator, () => stream.leading, deps)

  let emitTimer: NodeJS.Timeout | undefined
  let persistTimer: NodeJS.Timeout | undefined
  let closing: Promise<void> | undefined
  return {
    start() {
      if (emitTimer || closing) return
      // Unref'd: the HTTP server is what keeps the process alive, and a test that forgets close() still exits.
      emitTimer = setInterval(emit, options.emitIntervalMs)
      emitTimer.unref()
      persistTimer = setInterval(() => void quotes.persist(), options.persistIntervalMs)
      persistTimer.unref()
    },
    handleUpgrade(request, socket, head) {
      io.engine.handleUpgrade(request, socket, head)
    },
    current: (assetId) => simulator.quote(assetId),
    isOpen: (assetId) => simulator.isAssetOpen(assetId, deps.now().getTime()),
    onTicks(listener) {
      tickListeners.add(listener)
      return () => {
        tickListeners.delete(listener)
      }
    },
    snapshot: () => simulator.snapshot(),
    candles: (assetId, timeframe, limit) => simulator.candles(assetId, timeframe, limit),
    get connections() {
      return connections
    },
    closeSessions(sessionIds) {
      if (sessionIds.length === 0) return 0
      bus.publish(END_SESSIONS_TOPIC, { sessionIds })
      return dropSessions(sessionIds)
    },
    close() {
      closing ??= (async () => {
        stopEndingSessions()
        clearInterval(emitTimer)
        clearInterval(persistTimer)
        stream.close()
        await io.close()
        await quotes.flush()
      })()
      return closing
    },
  }
}
