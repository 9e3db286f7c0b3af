// GET /open/trades and /closed/trades: the caller's own positions only, 20 a page, open ones newest first and marked
// to the server's current price, closed ones last closed first with their final figures, and links.next the
// relative URL of the next page.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRADES_PAGE_SIZE, TradesPageSchema, type Asset, type Trade } from '../../src/domain/contract'
import { positionPnlUsd, roundToCents } from '../../src/domain/trading/account-maths'
import {
  assetBySymbol,
  closeTrade,
  fundedCustomer,
  listAssets,
  openPosition,
  order,
  refusal,
  ROOMY_RATE_LIMITS,
} from './support/trading'
import { sleep } from './support/realtime-clients'
import { bearer, createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'

const OPENED = 25
const CLOSED = 3

let app: FastifyInstance
let eurusd: Asset
let owner: { id: number; token: string }
let other: { id: number; token: string }
/** In the order they were opened. */
const opened: Trade[] = []
/** In the order they were closed. */
const closed: Trade[] = []

function page(token: string, which: 'open' | 'closed', query = '') {
  return app.inject({ url: `/api/v1/${which}/trades${query}`, headers: bearer(token) })
}

async function parsedPage(token: string, which: 'open' | 'closed', query = '') {
  const response = await page(token, which, query)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  return TradesPageSchema.parse(response.json())
}

beforeAll(async () => {
  app = await createTestApp({
    realtime: { prices: { ticksPerSecond: 0, ignoreMarketHours: true, seed: 9, historyMinutes: 60 } },
    rateLimits: ROOMY_RATE_LIMITS,
  })
  eurusd = assetBySymbol(await listAssets(app), 'EURUSD')
  owner = await fundedCustomer(app, '10000.00')
  other = await fundedCustomer(app, '10000.00')
  for (let n = 0; n < OPENED; n += 1) {
    opened.push(await openPosition(app, owner.token, order(eurusd, n % 2 ? 'sell' : 'buy', (n + 1) / 100)))
  }
  // Closed out of opening order, so "last closed first" differs from "last opened first".
  for (const index of [3, 17, 8]) {
    const response = await closeTrade(app, owner.token, opened[index]?.id ?? 0)
    expect(response.statusCode, response.body).toBe(200)
    closed.push((response.json() as { data: Trade }).data)
    // close_time has millisecond resolution: keep the three apart.
    await sleep(5)
  }
})
afterAll(async () => {
  await app?.close()
})

describe('open positions', () => {
  const stillOpen = () => opened.filter((trade) => !closed.some((done) => done.id === trade.id))

  it('come newest first, 20 a page, with a link to the next page', async () => {
    const expected = stillOpen().reverse()
    expect(expected).toHaveLength(OPENED - CLOSED)

    const first = await parsedPage(owner.token, 'open')
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: TRADES_PAGE_SIZE, total: 22 })
    expect(first.links.next).toBe('/api/v1/open/trades?page=2')
    expect(first.data.map((trade) => trade.id)).toEqual(expected.slice(0, 20).map((trade) => trade.id))

    const second = await parsedPage(owner.token, 'open', '?page=2')
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2, total: 22 })
    expect(second.links.next).toBeNull()
    expect(second.data.map((trade) => trade.id)).toEqual(expected.slice(20).map((trade) => trade.id))

    const beyond = await parsedPage(owner.token, 'open', '?page=3')
    expect(beyond).toEqual({
      data: [],
      meta: { current_page: 3, last_page: 2, per_page: TRADES_PAGE_SIZE, total: 22 },
      links: { next: null },
    })
  })

  it("are marked to the server's current closing price", async () => {
    const rate = app.prices.current(eurusd.asset_id)?.price ?? 0
    for (const trade of (await parsedPage(owner.token, 'open')).data) {
      const closing =
        trade.trade_type === 'buy' ? rate * (1 - eurusd.sell_spread) : rate * (1 + eurusd.buy_spread)
      expect(trade.status).toBe('open')
      expect(trade.closing_price).toBeCloseTo(closing, 12)
      expect(trade.pnl).toBe(
        roundToCents(positionPnlUsd(trade.trade_type, trade.opening_price, closing, trade.volume)),
      )
    }
  })
})

describe('closed positions', () => {
  it('come last closed first, with the figures they closed at', async () => {
    const list = await parsedPage(owner.token, 'closed')
    expect(list.meta).toEqual({ current_page: 1, last_page: 1, per_page: TRADES_PAGE_SIZE, total: CLOSED })
    expect(list.links.next).toBeNull()
    expect(list.data).toEqual([...closed].reverse())
    for (const trade of list.data) {
      expect(trade).toMatchObject({ status: 'closed', close_reason: 'user' })
      expect(trade.close_time).not.toBeNull()
    }
  })
})

describe('privacy', () => {
  it("shows another customer none of the owner's positions", async () => {
    for (const which of ['open', 'closed'] as const) {
      const list = await parsedPage(other.token, which)
      expect(list).toEqual({
        data: [],
        meta: { current_page: 1, last_page: 1, per_page: TRADES_PAGE_SIZE, total: 0 },
        links: { next: null },
      })
    }
    // An admin's lists are their own too.
    const admin = await loginToken(app, DEMO_ADMIN)
    expect((await parsedPage(admin, 'open')).meta.total).toBe(0)
  })

  it('answers 401 without a token', async () => {
    for (const which of ['open', 'closed'] as const) {
      const response = await app.inject({ url: `/api/v1/${which}/trades` })
      expect(refusal(response, 401).message).toBe('Unauthenticated.')
    }
  })
})

describe('the page parameter', () => {
  it('refuses pages that are not whole numbers from 1', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?page=100001']) {
      const response = await page(owner.token, 'open', query)
      expect(refusal(response, 422).message, query).toBe('The given data was invalid.')
    }
  })
})
