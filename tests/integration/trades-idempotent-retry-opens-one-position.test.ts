// The Idempotency-Key of POST /trades/store: a submit retried after a lost answer, a double click or a flaky network
// opens one position, never two, whether the retries come one after another or all at once. (The same on PostgreSQL,
// across two instances: trades-close-once-under-concurrency.test.ts.)
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trades, users } from '../../server/db/schema'
import { StoreTradeResponseSchema, type Asset } from '../../src/domain/contract'
import { assetBySymbol, fundedCustomer, listAssets, newKey, order, storeTrade } from './support/trading'
import { createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 3, historyMinutes: 60 }
const DUPLICATES = 12

let app: FastifyInstance
let eurusd: Asset
let btcusd: Asset

beforeAll(async () => {
  app = await createTestApp({ realtime: { prices: FROZEN } })
  const assets = await listAssets(app)
  eurusd = assetBySymbol(assets, 'EURUSD')
  btcusd = assetBySymbol(assets, 'BTCUSD')
})
afterAll(async () => {
  await app?.close()
})

describe('one key, one position', () => {
  const positionsOf = (customerId: number) => app.db.$count(trades, eq(trades.userId, customerId))

  it('answers a retried key with the first position: 201, then 200 with the same trade', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const key = newKey()
    const first = await storeTrade(app, customer.token, order(eurusd, 'buy', 0.2), key)
    expect(first.statusCode, first.body).toBe(201)
    const retry = await storeTrade(app, customer.token, order(eurusd, 'buy', 0.2), key)
    expect(retry.statusCode, retry.body).toBe(200)

    const opened = StoreTradeResponseSchema.parse(first.json())
    const replayed = StoreTradeResponseSchema.parse(retry.json())
    expect(replayed.message).toBe('Buy order placed')
    expect(replayed.data.id).toBe(opened.data.id)
    expect(replayed.data.opening_price).toBe(opened.data.opening_price)
    expect(await positionsOf(customer.id)).toBe(1)
  })

  // A retry under the key with another order is refused: trades-idempotency-key-reused-for-another-order-is-refused.

  it(`opens one position for ${DUPLICATES} simultaneous requests with one key`, async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const key = newKey()
    const responses = await Promise.all(
      Array.from({ length: DUPLICATES }, () =>
        storeTrade(app, customer.token, order(btcusd, 'buy', 0.5), key),
      ),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([...Array<number>(DUPLICATES - 1).fill(200), 201])
    const ids = new Set(responses.map((response) => StoreTradeResponseSchema.parse(response.json()).data.id))
    expect(ids.size).toBe(1)
    expect(await positionsOf(customer.id)).toBe(1)
  })

  it('opens one position per key, and keys belong to their customer', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const other = await fundedCustomer(app, '10000.00')
    const key = newKey()
    const responses = await Promise.all([
      storeTrade(app, customer.token, order(eurusd, 'buy', 0.1), key),
      storeTrade(app, customer.token, order(eurusd, 'buy', 0.1), newKey()),
      // Another customer's client may well pick the same key: it names their own submit.
      storeTrade(app, other.token, order(eurusd, 'buy', 0.1), key),
    ])
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201])
    expect(await positionsOf(customer.id)).toBe(2)
    expect(await positionsOf(other.id)).toBe(1)
  })

  it('lets a refused submit be retried under its key once the refusal no longer holds', async () => {
    const customer = await fundedCustomer(app, '10.00')
    const key = newKey()
    const refused = await storeTrade(app, customer.token, order(eurusd, 'buy', 0.1), key)
    expect(refused.statusCode).toBe(422)
    expect(await positionsOf(customer.id)).toBe(0)
    // Nothing was recorded under the key, so the same submit goes through when the money is there.
    await app.db.update(users).set({ balanceUsd: '10000.00' }).where(eq(users.id, customer.id))
    const retried = await storeTrade(app, customer.token, order(eurusd, 'buy', 0.1), key)
    expect(retried.statusCode, retried.body).toBe(201)
  })
})
