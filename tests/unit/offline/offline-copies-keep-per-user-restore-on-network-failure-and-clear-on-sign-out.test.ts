import 'fake-indexeddb/auto'
// Decision 0021: the queries that ask for it keep their last good answer per user; when the network fails
// a query that has nothing to show, the copy comes back with the time it was fetched (and the asset list with the
// last saved prices); another user never gets it; prices are written at most every 10 s; the session's end clears
// it all.
import { QueryClient } from '@tanstack/react-query'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AssetSchema } from '../../../src/domain/contract/assets'
import {
  closeDatabase,
  DB_NAME,
  LAST_PRICES_KEY,
  readLastPrices,
  readQueryCopy,
  saveLastPrices,
} from '../../../src/lib/db'
import { HttpError } from '../../../src/lib/http'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import {
  copyToKeep,
  isUnanswered,
  keepOfflineCopies,
  keepOfflineCopy,
  withLastPrices,
} from '../../../src/lib/offline-copies'
import { createSessionStore } from '../../../src/lib/session-store'
import type { User } from '../../../src/domain/contract/user'
import { listedAsset } from '../support/assets'

const BTC = listedAsset(
  {
    asset_id: 'btcusd',
    name: 'Bitcoin',
    symbol: 'BTCUSD',
    symbol_display: 'BTC/USD',
    sy: 'BTC/USD',
    type: 'crypto',
  },
  67_000,
  1,
)
const EUR = listedAsset(
  {
    asset_id: 'eurusd',
    name: 'Euro',
    symbol: 'EURUSD',
    symbol_display: 'EUR/USD',
    sy: 'EUR/USD',
    type: 'forex',
  },
  1.08,
  2,
)
const ASSETS_META = keepOfflineCopy(z.array(AssetSchema), { withLastPrices: true })
const NOTES_META = keepOfflineCopy(z.array(z.string()))

const offlineError = () =>
  new Error('Failed to fetch assets. Please try again later.', {
    cause: new HttpError({
      message: 'Network Error',
      status: 0,
      statusText: 'Network Error',
      data: null,
      url: '',
      method: 'GET',
    }),
  })

const userWithId = (id: number) => ({ id }) as unknown as User

async function eventually(check: () => unknown | Promise<unknown>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await check()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

/** A page: its query client, price store and session (signed in as `userId`), with the copies kept. */
function setup(userId = 7) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const prices = createLivePriceStore()
  const session = createSessionStore({ getItem: () => null, setItem: () => undefined } as unknown as Storage)
  session.signIn(userWithId(userId), `token-${userId}`)
  // Writes run at once here; the page waits for an idle moment (its own test below).
  const stop = keepOfflineCopies({ queryClient, prices, session, idle: (task) => task() })
  return { queryClient, prices, session, stop }
}

let running: (() => void) | null = null
beforeEach(async () => {
  closeDatabase()
  await Dexie.delete(DB_NAME)
})
afterEach(async () => {
  running?.()
  running = null
  closeDatabase()
  await Dexie.delete(DB_NAME)
})

describe('the persistence filter', () => {
  const query = (
    overrides: Partial<{ meta: unknown; status: string; data: unknown; dataUpdatedAt: number }>,
  ) =>
    ({
      meta: 'meta' in overrides ? overrides.meta : NOTES_META,
      queryKey: ['notes'],
      queryHash: '["notes"]',
      state: {
        status: overrides.status ?? 'success',
        data: 'data' in overrides ? overrides.data : ['a'],
        dataUpdatedAt: overrides.dataUpdatedAt ?? 2_000,
      },
    }) as Parameters<typeof copyToKeep>[0]

  it('keeps a successful answer fetched in this page, of a query that asks for a copy', () => {
    expect(copyToKeep(query({}), 1_000)).toBe(NOTES_META.offlineCopy)
  })

  it('keeps nothing for a query that does not ask, has no data, failed, or holds a restored copy', () => {
    expect(copyToKeep(query({ meta: undefined }), 1_000)).toBeNull()
    expect(copyToKeep(query({ data: undefined, status: 'pending', dataUpdatedAt: 0 }), 1_000)).toBeNull()
    expect(copyToKeep(query({ status: 'error' }), 1_000)).toBeNull()
    expect(copyToKeep(query({ dataUpdatedAt: 500 }), 1_000)).toBeNull()
  })

  it('counts no answer and a 5xx as a network failure, never a 4xx', () => {
    const http = (status: number) =>
      new HttpError({ message: '', status, statusText: '', data: null, url: '', method: 'GET' })
    expect(isUnanswered(offlineError())).toBe(true)
    expect(isUnanswered(http(503))).toBe(true)
    expect(isUnanswered(http(401))).toBe(false)
    expect(isUnanswered(new Error('parse'))).toBe(false)
  })

  it('brings an asset list up to the last saved prices', () => {
    const [btc, eur] = withLastPrices([BTC, EUR], [{ id: 'btcusd', price: 70_000, lastUpdated: 5_000 }])
    expect(btc).toMatchObject({
      rate: 70_000,
      sell_price: 70_000 * 0.999,
      updated_at: new Date(5_000).toISOString(),
    })
    expect(eur).toBe(EUR)
  })
})

describe('keepOfflineCopies', () => {
  it('restores the copy, with its time, when the network fails a query that has nothing to show', async () => {
    const first = setup()
    await first.queryClient.fetchQuery({ queryKey: ['notes'], queryFn: () => ['kept'], meta: NOTES_META })
    const fetchedAt = first.queryClient.getQueryState(['notes'])!.dataUpdatedAt
    // Written in the background.
    await new Promise((resolve) => setTimeout(resolve, 100))
    first.stop()

    const second = setup()
    running = second.stop
    await second.queryClient
      .fetchQuery({ queryKey: ['notes'], queryFn: () => Promise.reject(offlineError()), meta: NOTES_META })
      .catch(() => undefined)
    await eventually(() => expect(second.queryClient.getQueryData(['notes'])).toEqual(['kept']))
    expect(second.queryClient.getQueryState(['notes'])!.dataUpdatedAt).toBe(fetchedAt)
  })

  it('restores the copy of a query the network failed before the copies started (they load after sign-in)', async () => {
    const first = setup()
    await first.queryClient.fetchQuery({ queryKey: ['notes'], queryFn: () => ['kept'], meta: NOTES_META })
    await new Promise((resolve) => setTimeout(resolve, 100))
    first.stop()

    // A page opened offline: its query has failed already when keepOfflineCopies starts.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await queryClient
      .fetchQuery({ queryKey: ['notes'], queryFn: () => Promise.reject(offlineError()), meta: NOTES_META })
      .catch(() => undefined)
    const session = createSessionStore({
      getItem: () => null,
      setItem: () => undefined,
    } as unknown as Storage)
    session.signIn(userWithId(7), 'token-7')
    running = keepOfflineCopies({ queryClient, prices: createLivePriceStore(), session })
    await eventually(() => expect(queryClient.getQueryData(['notes'])).toEqual(['kept']))
  })

  it('writes when the page is idle, not while it renders its first answers, and only the last answer of each query', async () => {
    const idleTasks: (() => void)[] = []
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const session = createSessionStore({
      getItem: () => null,
      setItem: () => undefined,
    } as unknown as Storage)
    session.signIn(userWithId(7), 'token-7')
    running = keepOfflineCopies({
      queryClient,
      prices: createLivePriceStore(),
      session,
      idle: (task) => void idleTasks.push(task),
    })
    await queryClient.fetchQuery({ queryKey: ['notes'], queryFn: () => ['first'], meta: NOTES_META })
    await queryClient.fetchQuery({
      queryKey: ['notes'],
      queryFn: () => ['second'],
      meta: NOTES_META,
      staleTime: 0,
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await readQueryCopy(7, '["notes"]', z.array(z.string()))).toBeNull()
    // One write for both answers, when the page is idle: the later one.
    expect(idleTasks).toHaveLength(1)
    idleTasks.shift()!()
    await eventually(async () =>
      expect((await readQueryCopy(7, '["notes"]', z.array(z.string())))?.data).toEqual(['second']),
    )
  })

  it('writes no prices at the idle moment that follows a sign-out', async () => {
    const idleTasks: (() => void)[] = []
    const prices = createLivePriceStore()
    const session = createSessionStore({
      getItem: () => null,
      setItem: () => undefined,
    } as unknown as Storage)
    session.signIn(userWithId(7), 'token-7')
    const queryClient = new QueryClient()
    running = keepOfflineCopies({ queryClient, prices, session, idle: (task) => void idleTasks.push(task) })
    prices.setAssets([BTC])
    prices.applyBatch([{ id: 'btcusd', price: 68_000 }], 1)
    await eventually(() => expect(idleTasks).toHaveLength(1))
    // Prices an earlier quiet moment wrote; the sign-out clears them.
    await saveLastPrices([{ id: 'btcusd', price: 67_500 }], 1_000)
    session.clear()
    await eventually(async () => expect((await readLastPrices()).ticks).toEqual([]))
    idleTasks.shift()!()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect((await readLastPrices()).ticks).toEqual([])
  })

  it('never shows one user the copy of another, and restores nothing after a refusal (4xx)', async () => {
    const first = setup()
    await first.queryClient.fetchQuery({ queryKey: ['notes'], queryFn: () => ['mine'], meta: NOTES_META })
    await new Promise((resolve) => setTimeout(resolve, 100))
    first.stop()

    const other = setup(8)
    running = other.stop
    await other.queryClient
      .fetchQuery({ queryKey: ['notes'], queryFn: () => Promise.reject(offlineError()), meta: NOTES_META })
      .catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(other.queryClient.getQueryData(['notes'])).toBeUndefined()

    // The owner, signed in again, still has it; a refusal restores nothing.
    const owner = setup(7)
    running = () => {
      other.stop()
      owner.stop()
    }
    const refusal = new HttpError({
      message: '',
      status: 403,
      statusText: '',
      data: null,
      url: '',
      method: 'GET',
    })
    await owner.queryClient
      .fetchQuery({ queryKey: ['notes'], queryFn: () => Promise.reject(refusal), meta: NOTES_META })
      .catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(owner.queryClient.getQueryData(['notes'])).toBeUndefined()
    await owner.queryClient
      .fetchQuery({ queryKey: ['notes'], queryFn: () => Promise.reject(offlineError()), meta: NOTES_META })
      .catch(() => undefined)
    await eventually(() => expect(owner.queryClient.getQueryData(['notes'])).toEqual(['mine']))
  })

  it('restores the asset list at the last saved prices, as of when they were saved', async () => {
    const first = setup()
    await first.queryClient.fetchQuery({ queryKey: ['assets'], queryFn: () => [BTC, EUR], meta: ASSETS_META })
    await new Promise((resolve) => setTimeout(resolve, 100))
    first.stop()
    const savedAt = Date.now() + 60_000
    await saveLastPrices([{ id: 'btcusd', price: 71_000 }], savedAt)

    const second = setup()
    running = second.stop
    await second.queryClient
      .fetchQuery({ queryKey: ['assets'], queryFn: () => Promise.reject(offlineError()), meta: ASSETS_META })
      .catch(() => undefined)
    await eventually(() =>
      expect(second.queryClient.getQueryData<(typeof BTC)[]>(['assets'])?.[0]?.rate).toBe(71_000),
    )
    expect(second.queryClient.getQueryState(['assets'])!.dataUpdatedAt).toBe(savedAt)
  })

  it('writes the prices on the first batch, then not again before 10 s', async () => {
    const t = setup()
    running = t.stop
    t.prices.setAssets([BTC])
    t.prices.applyBatch([{ id: 'btcusd', price: 68_000 }], 1)
    await eventually(async () => expect((await readLastPrices()).ticks[0]?.price).toBe(68_000))
    t.prices.applyBatch([{ id: 'btcusd', price: 69_000 }], 2)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await readLastPrices()).ticks[0]?.price).toBe(68_000)
  })

  it('clears the copies and prices when the session ends (logout, another tab, an expired token)', async () => {
    const t = setup()
    running = t.stop
    await t.queryClient.fetchQuery({ queryKey: ['notes'], queryFn: () => ['mine'], meta: NOTES_META })
    await saveLastPrices([{ id: 'btcusd', price: 1 }], 1_000)
    await new Promise((resolve) => setTimeout(resolve, 100))

    t.session.clear()
    await eventually(async () => expect((await readLastPrices()).ticks).toEqual([]))
    t.session.signIn(userWithId(7), 'token-7')
    t.queryClient.removeQueries({ queryKey: ['notes'] })
    await t.queryClient
      .fetchQuery({ queryKey: ['notes'], queryFn: () => Promise.reject(offlineError()), meta: NOTES_META })
      .catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(t.queryClient.getQueryData(['notes'])).toBeUndefined()
  })

  it('keeps the last price of every asset in one row that each save replaces, skipping what does not read', async () => {
    await saveLastPrices(
      [
        { id: 'btcusd', price: 70_000 },
        { id: 'eurusd', price: 1.09 },
      ],
      1_000,
    )
    await saveLastPrices([{ id: 'btcusd', price: 71_000 }], 2_000)
    expect(await readLastPrices()).toEqual({ ticks: [{ id: 'btcusd', price: 71_000 }], savedAt: 2_000 })

    const db = new Dexie(DB_NAME)
    await db.open()
    // A row per asset, as pages wrote before, is not read; a tick that does not parse is skipped.
    await db
      .table('lastPrices')
      .put({ assetId: 'eurusd', tick: { id: 'eurusd', price: 1.1 }, savedAt: 3_000 })
    await db
      .table('lastPrices')
      .put({ assetId: LAST_PRICES_KEY, ticks: [{ id: 'btcusd', price: 72_000 }, { id: 7 }], savedAt: 4_000 })
    expect(await db.table('lastPrices').count()).toBe(2)
    db.close()
    expect(await readLastPrices()).toEqual({ ticks: [{ id: 'btcusd', price: 72_000 }], savedAt: 4_000 })
  })
})
