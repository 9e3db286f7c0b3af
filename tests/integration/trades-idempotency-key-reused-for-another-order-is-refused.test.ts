// Regression (decision 0018, security probe): reusing an Idempotency-Key with a different order returned the earlier
// trade under the new order's message ('Sell order placed' with the earlier BUY). The key names one submit: the same
// order again gets the first answer, another order under it gets 422 and opens nothing (decision 0018).
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trades } from '../../server/db/schema'
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  StoreTradeResponseSchema,
  type Asset,
} from '../../src/domain/contract'
import {
  assetBySymbol,
  fundedCustomer,
  listAssets,
  newKey,
  order,
  refusal,
  storeTrade,
} from './support/trading'
import { createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 17, historyMinutes: 60 }

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

const positionsOf = (customerId: number) => app.db.$count(trades, eq(trades.userId, customerId))

describe('an Idempotency-Key reused for another order', () => {
  it.each([
    ['the other side', () => order(eurusd, 'sell', 0.2)],
    ['another size', () => order(eurusd, 'buy', 0.5)],
    ['another asset', () => order(btcusd, 'buy', 0.2)],
    ['a take-profit added', () => order(eurusd, 'buy', 0.2, { take_profit: 9 })],
    ['another price seen', () => order(eurusd, 'buy', 0.2, { opening_price: 2 })],
  ])('is refused with 422 and a sentence when the retry has %s', async (_, changed) => {
    const customer = await fundedCustomer(app, '100000.00')
    const key = newKey()
    const first = await storeTrade(app, customer.token, order(eurusd, 'buy', 0.2), key)
    expect(first.statusCode, first.body).toBe(201)

    const reused = refusal(await storeTrade(app, customer.token, changed(), key), 422)
    expect(reused.message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE)
    expect(reused.errors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_KEY_REUSED_MESSAGE] })
    expect(await positionsOf(customer.id)).toBe(1)
  })

  it('answers the same order under the key with the first answer, before and after another order tried it', async () => {
    const customer = await fundedCustomer(app, '100000.00')
    const key = newKey()
    const first = await storeTrade(app, customer.token, order(eurusd, 'sell', 0.3), key)
    expect(first.statusCode, first.body).toBe(201)
    const opened = StoreTradeResponseSchema.parse(first.json())
    expect(opened.message).toBe('Sell order placed')

    const retry = await storeTrade(app, customer.token, order(eurusd, 'sell', 0.3), key)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(StoreTradeResponseSchema.parse(retry.json())).toEqual(opened)

    refusal(await storeTrade(app, customer.token, order(eurusd, 'buy', 0.3), key), 422)
    const again = await storeTrade(app, customer.token, order(eurusd, 'sell', 0.3), key)
    expect(again.statusCode, again.body).toBe(200)
    expect(StoreTradeResponseSchema.parse(again.json())).toEqual(opened)
    expect(await positionsOf(customer.id)).toBe(1)
  })

  it('compares the order, not its spelling: key order and unknown fields do not make it another', async () => {
    const customer = await fundedCustomer(app, '100000.00')
    const key = newKey()
    const body = order(eurusd, 'buy', 0.1)
    expect((await storeTrade(app, customer.token, body, key)).statusCode).toBe(201)
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    const retry = await storeTrade(app, customer.token, { ...reordered, client_note: 'ignored' }, key)
    expect(retry.statusCode, retry.body).toBe(200)
  })

  it('refuses every other order among simultaneous requests under one key, and opens the first one once', async () => {
    const customer = await fundedCustomer(app, '100000.00')
    const key = newKey()
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        storeTrade(app, customer.token, order(eurusd, n % 2 === 0 ? 'buy' : 'sell', 0.1), key),
      ),
    )
    const opened = responses.find((response) => response.statusCode === 201)
    if (!opened) throw new Error('no request opened the position')
    const side = StoreTradeResponseSchema.parse(opened.json()).data.trade_type
    for (const [n, response] of responses.entries()) {
      const sameOrder = (n % 2 === 0 ? 'buy' : 'sell') === side
      if (response === opened) continue
      expect(response.statusCode, response.body).toBe(sameOrder ? 200 : 422)
    }
    expect(await positionsOf(customer.id)).toBe(1)
  })

  it('keeps its own key per customer: another customer’s order under the same key opens normally', async () => {
    const customer = await fundedCustomer(app, '100000.00')
    const other = await fundedCustomer(app, '100000.00')
    const key = newKey()
    expect((await storeTrade(app, customer.token, order(eurusd, 'buy', 0.1), key)).statusCode).toBe(201)
    expect((await storeTrade(app, other.token, order(eurusd, 'sell', 0.4), key)).statusCode).toBe(201)
  })
})
