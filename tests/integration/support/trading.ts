// Helpers for the trade engine's tests: orders as the workspace sends them, the calls, customers, and a pusher-js
// client listening on a customer's private channels.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type Pusher from 'pusher-js'
import { expect } from 'vitest'
import {
  ApiErrorSchema,
  AssetsResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  StoreTradeResponseSchema,
  TradesPageSchema,
  type Asset,
  type StoreTradeRequest,
  type Trade,
  type TradeSide,
  type UserStatus,
} from '../../../src/domain/contract'
import { plans, users, verificationDocuments } from '../../../server/db/schema'
import type { RateLimits } from '../../../server/plugins/rate-limit'
import { connectedPusher, waitFor } from './realtime-clients'
import { bearer, listenTestApp, type ListeningServer } from './test-server'

export const newKey = () => `test-${randomUUID()}`

export async function listAssets(app: FastifyInstance): Promise<Asset[]> {
  return AssetsResponseSchema.parse((await app.inject({ url: '/api/v1/assets' })).json()).data
}

/**
 * A listening server whose simulator ticks fast (2,000 ticks/s in 50 ms batches, about one tick per asset per batch,
 * so Bitcoin moves in nearly every batch) on a market clock the test moves, with its Pusher key and BTC/USD.
 */
export async function listenLiveMarket(options: { seed: number; marketNow: () => Date }) {
  const server = await listenTestApp({
    realtime: {
      prices: {
        ticksPerSecond: 2_000,
        emitIntervalMs: 50,
        ignoreMarketHours: true,
        seed: options.seed,
        historyMinutes: 60,
      },
      marketNow: options.marketNow,
    },
  })
  const settings = (await server.app.inject({ url: '/api/v1/settings' })).json()
  const pusherKey: string = settings.data.realtime.pusher.key
  const btcusd = assetBySymbol(await listAssets(server.app), 'BTCUSD')
  return { server, pusherKey, btcusd }
}

/** The customer's open or closed trades, first page. */
export async function tradesOf(
  server: ListeningServer,
  token: string,
  which: 'open' | 'closed',
): Promise<Trade[]> {
  const response = await server.app.inject({ url: `/api/v1/${which}/trades`, headers: bearer(token) })
  return TradesPageSchema.parse(response.json()).data
}

export function assetBySymbol(assets: readonly Asset[], symbol: string): Asset {
  const asset = assets.find((candidate) => candidate.symbol === symbol)
  if (!asset) throw new Error(`no asset ${symbol}`)
  return asset
}

/** An order as the workspace sends it; the price fields are whatever the client believes, here deliberately off. */
export function order(
  asset: Asset,
  side: TradeSide,
  lots: number,
  overrides: Partial<StoreTradeRequest> = {},
): StoreTradeRequest {
  return {
    type: side,
    leverage: 1,
    amount: 1,
    qty: lots,
    volume: Number((lots * asset.contract_size).toFixed(6)),
    margin: 0,
    opening_price: 1,
    take_profit: 0,
    stop_loss: 0,
    id: asset.id,
    asset_symbol: asset.symbol,
    asset_name: asset.name,
    ...overrides,
  }
}

/** POSTs an order to `url` under an Idempotency-Key (none with null), as the workspace sends it. */
export function postWithKey(
  app: FastifyInstance,
  url: string,
  token: string,
  body: unknown,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
    payload: body as object,
  })
}

export function storeTrade(
  app: FastifyInstance,
  token: string,
  body: unknown,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return postWithKey(app, '/api/v1/trades/store', token, body, key)
}

/** Opens a position and returns it, failing the test with the server's answer if it was refused. */
export async function openPosition(app: FastifyInstance, token: string, body: StoreTradeRequest) {
  const response = await storeTrade(app, token, body)
  expect(response.statusCode, response.body).toBe(201)
  return StoreTradeResponseSchema.parse(response.json()).data
}

export function closeTrade(app: FastifyInstance, token: string, tradeId: number) {
  return app.inject({ method: 'POST', url: `/api/v1/trade/${tradeId}/close`, headers: bearer(token) })
}

/** The error envelope of a refusal, checked to be one. */
export function refusal(response: LightMyRequestResponse, statusCode: number) {
  expect(response.statusCode, response.body).toBe(statusCode)
  return ApiErrorSchema.parse(response.json())
}

/** Sign-ins and sign-ups are rate-limited per address; these tests sign in more often than a person would. */
export const ROOMY_RATE_LIMITS: Partial<RateLimits> = {
  login: { max: 10_000, windowMs: 60_000 },
  register: { max: 10_000, windowMs: 60_000 },
}

let customerCounter = 0

/**
 * A customer on the Basic plan, written straight to the database with a token issued by the app's own repository:
 * sign-up and sign-in have their own tests, and three argon2 hashes per customer would make these files slow.
 */
export async function newCustomer(
  app: FastifyInstance,
  options: {
    status?: UserStatus
    balanceUsd?: string
    /**
     * At verification level 2, as withdrawals need: a phone number and an approved identity document, front and
     * back (rows only: nothing reads their files here).
     */
    verified?: boolean
  } = {},
) {
  customerCounter += 1
  const tag = `${process.pid}x${customerCounter}`
  const [plan] = await app.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'basic'))
  const [row] = await app.db
    .insert(users)
    .values({
      email: `trader${tag}@example.com`,
      username: `trader${tag}`,
      firstName: 'Other',
      lastName: 'Trader',
      passwordHash: 'not-a-hash: this customer signs in by token only',
      role: 'customer',
      status: options.status ?? 'active',
      accountId: `CFD${3_000_000 + customerCounter}`,
      balanceUsd: options.balanceUsd ?? '0.00',
      accountTypeId: plan?.id ?? null,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('could not insert a customer')
  if (options.verified) {
    await app.db.update(users).set({ phone: '+15550100123' }).where(eq(users.id, row.id))
    await app.db.insert(verificationDocuments).values(
      (['identity', 'identity_back'] as const).map((type) => ({
        userId: row.id,
        type,
        status: 'approved' as const,
        storageKey: `test-${tag}-${type}`,
        fileName: `${type}.png`,
        mimeType: 'image/png',
        sizeBytes: 1,
        decidedAt: app.now(),
      })),
    )
  }
  const token = await app.repos.authTokens.issue(row.id, app.now())
  return { id: row.id, token }
}

/** An active customer with money on the account (there is no deposit call yet). */
export function fundedCustomer(app: FastifyInstance, balanceUsd: string) {
  return newCustomer(app, { balanceUsd })
}

export async function balanceOf(app: FastifyInstance, id: number): Promise<string> {
  const [row] = await app.db.select({ balance: users.balanceUsd }).from(users).where(eq(users.id, id))
  if (!row) throw new Error(`no user ${id}`)
  return row.balance
}

export interface ChannelRecorder {
  client: Pusher
  /** Every event received on the channel, in order, with its name. */
  events: Array<{ event: string; data: unknown }>
  next(event: string, timeoutMs?: number): Promise<unknown>
}

/** pusher-js subscribed to a private channel through /broadcasting/auth, recording what arrives. */
export async function recordChannel(
  baseUrl: string,
  pusherKey: string,
  token: string,
  channelName: string,
): Promise<ChannelRecorder> {
  const client = await connectedPusher(baseUrl, pusherKey, {
    channelAuthorization: {
      customHandler: ({ socketId, channelName: name }, callback) => {
        fetch(`${baseUrl}/api/v1/broadcasting/auth`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ socket_id: socketId, channel_name: name }),
        })
          .then(async (response) => {
            if (!response.ok) return callback(new Error(`auth answered ${response.status}`), null)
            return callback(null, (await response.json()) as { auth: string })
          })
          .catch((error: Error) => callback(error, null))
      },
    },
  })
  const channel = client.subscribe(channelName)
  const events: ChannelRecorder['events'] = []
  const waiters: Array<{ event: string; deliver: (data: unknown) => void }> = []
  channel.bind_global((event: string, data: unknown) => {
    if (event.startsWith('pusher:')) return
    events.push({ event, data })
    for (const waiter of waiters.splice(0)) {
      if (waiter.event === event) waiter.deliver(data)
      else waiters.push(waiter)
    }
  })
  await waitFor('subscribed', (deliver) => channel.bind('pusher:subscription_succeeded', deliver))
  return {
    client,
    events,
    next(event, timeoutMs) {
      return waitFor(`${event} on ${channelName}`, (deliver) => waiters.push({ event, deliver }), timeoutMs)
    },
  }
}
