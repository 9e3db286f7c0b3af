// The offline copies (decision 0021, docs/architecture.md#offline). A query that asks for one (`meta:
// keepOfflineCopy(schema)`: the user, the assets, the open trades, the chart's candles) has its last good answer kept
// in IndexedDB under the signed-in user's id, and the page's last price per asset is written every
// PRICE_SAVE_INTERVAL_MS, never per tick. When such a query has nothing to show and the network fails it (no answer,
// a 5xx, or paused offline), its copy goes into the cache with the time it was fetched, which the screens show as 'as
// of HH:MM'. Back online the queries refetch; when the session ends (logout, another tab's, an expired token) the
// copies go. This module is loaded only for a signed-in page (./offline-copies-start), and Dexie on first use, so the
// sign-in page carries neither.
import type { Query, QueryClient } from '@tanstack/react-query'
import type { Asset } from '../domain/contract/assets'
import type { LivePriceUpdate } from '../domain/contract/realtime'
import { applyTick } from '../domain/market/live-prices'
import { isStoredCopy } from '../domain/offline/last-known'
import { HttpError } from './http'
import { whenIdleWithin, type IdleScheduler } from './idle'
import type { LivePriceStore } from './live-prices'
import type { OfflineCopyPolicy, SessionSource } from './offline-copy-meta'

export { keepOfflineCopy, type OfflineCopyPolicy } from './offline-copy-meta'

/** Prices are written at most this often: often enough to be recent, rarely enough to cost nothing. */
export const PRICE_SAVE_INTERVAL_MS = 10_000

/** When this page started (epoch ms): data older than that came from a stored copy (isStoredCopy). */
export const PAGE_STARTED_AT_MS =
  typeof performance !== 'undefined' && performance.timeOrigin > 0 ? performance.timeOrigin : Date.now()

type CopyableQuery = Pick<Query, 'meta' | 'queryKey' | 'queryHash'> & {
  state: Pick<Query['state'], 'status' | 'data' | 'dataUpdatedAt'>
}

/**
 * The persistence filter: the policy of a query whose answer should be stored now, else null. Only a query that
 * asks for a copy, holding data that this page fetched (a restored copy is not written back).
 */
export function copyToKeep(query: CopyableQuery, pageStartedAtMs: number): OfflineCopyPolicy | null {
  const policy = query.meta?.offlineCopy
  if (!policy || query.state.status !== 'success' || query.state.data === undefined) return null
  if (query.state.dataUpdatedAt <= 0 || isStoredCopy(query.state.dataUpdatedAt, pageStartedAtMs)) return null
  return policy
}

/** The server gave no usable answer: no answer at all (offline, refused, timed out) or a 5xx. A 4xx is an answer. */
export function isUnanswered(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current = error
  // Query functions wrap the http client's error with the spec's message: the HttpError is its cause.
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current)
    if (current instanceof HttpError) return current.status === 0 || current.status >= 500
    current = current.cause
  }
  return false
}

/** An asset list brought up to later prices (the last tick saved per asset); assets without one stay as they are. */
export function withLastPrices(assets: readonly Asset[], ticks: readonly LivePriceUpdate[]): Asset[] {
  const byId = new Map(ticks.map((tick) => [tick.id, tick]))
  return assets.map((asset) => {
    const tick = byId.get(asset.asset_id)
    return tick ? applyTick(asset, tick) : asset
  })
}

/** What a price row keeps of an asset: its last tick, as the feed would send it. */
export function tickOf(asset: Asset): LivePriceUpdate {
  const lastUpdated = Date.parse(asset.updated_at)
  return {
    id: asset.asset_id,
    price: asset.rate,
    priceLow24h: asset.price_low,
    priceHigh24h: asset.price_high,
    change24h: asset.change,
    changePercent24h: asset.change_percent,
    volume24h: asset.volume,
    ...(Number.isFinite(lastUpdated) ? { lastUpdated } : {}),
  }
}

const loadDb = () => import('./db')

/** A write waits for a quiet moment of the page, this long at most. */
export const SAVE_IDLE_TIMEOUT_MS = 3_000

const whenIdle: IdleScheduler = whenIdleWithin(SAVE_IDLE_TIMEOUT_MS)

function warn(what: string) {
  return (error: unknown) => console.warn(`[offline] ${what} failed`, error)
}

/**
 * Starts keeping and restoring the copies for this page: call once (./offline-copies-start does, when the page is
 * signed in). Queries already failed by then get their copies at once. Returns a function that stops it (tests).
 */
export function keepOfflineCopies(options: {
  queryClient: QueryClient
  prices: LivePriceStore
  session: SessionSource
  /** When copies and prices are written (whenIdle; tests pass their own). Restores never wait. */
  idle?: IdleScheduler
}): () => void {
  const { queryClient, prices, session, idle = whenIdle } = options
  let stopped = false
  const userId = () => {
    const state = session.getState()
    return state.user && state.token ? state.user.id : null
  }

  const save = async (query: Query, policy: OfflineCopyPolicy, owner: number) => {
    const db = await loadDb()
    if (userId() !== owner) return
    await db.saveQueryCopy(
      {
        userId: owner,
        queryHash: query.queryHash,
        kind: String(query.queryKey[0]),
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
      },
      policy.keep,
    )
  }

  // Writes wait for the page to be idle: a page that has just opened is rendering the answers these copies are of,
  // and the first write loads Dexie (30 KB gzip). Only the last answer of each query is written.
  const waitingSaves = new Map<string, { query: Query; owner: number }>()
  let flushQueued = false
  const saveWhenIdle = (query: Query, owner: number) => {
    waitingSaves.set(query.queryHash, { query, owner })
    if (flushQueued) return
    flushQueued = true
    idle(() => {
      flushQueued = false
      const saves = [...waitingSaves.values()]
      waitingSaves.clear()
      if (stopped) return
      for (const { query: waiting, owner: waitingOwner } of saves) {
        const keep = copyToKeep(waiting, PAGE_STARTED_AT_MS)
        if (keep) save(waiting, keep, waitingOwner).catch(warn('saving a copy'))
      }
    })
  }

  const restoring = new Set<string>()
  const restore = async (query: Query, policy: OfflineCopyPolicy, owner: number) => {
    const db = await loadDb()
    const copy = await db.readQueryCopy(owner, query.queryHash, policy.schema)
    if (!copy) return
    let { data, dataUpdatedAt } = copy
    if (policy.withLastPrices && Array.isArray(data)) {
      const last = await db.readLastPrices()
      if (last.savedAt !== null && last.savedAt > dataUpdatedAt) {
        data = withLastPrices(data as Asset[], last.ticks)
        dataUpdatedAt = last.savedAt
      }
    }
    // The network may have answered meanwhile, or the session changed hands: then the copy is not wanted.
    if (query.state.data !== undefined || userId() !== owner) return
    queryClient.setQueryData(query.queryKey, data, { updatedAt: dataUpdatedAt })
  }

  const restoreOnce = (query: Query, policy: OfflineCopyPolicy, owner: number) => {
    if (query.state.data !== undefined || restoring.has(query.queryHash)) return
    restoring.add(query.queryHash)
    restore(query, policy, owner)
      .catch(warn('restoring a copy'))
      .finally(() => restoring.delete(query.queryHash))
  }

  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    const { query, action } = event
    const policy = query.meta?.offlineCopy
    const owner = userId()
    if (!policy || owner === null) return
    if (action.type === 'success') {
      if (copyToKeep(query, PAGE_STARTED_AT_MS)) saveWhenIdle(query, owner)
      return
    }
    const failed =
      action.type === 'pause' ||
      ((action.type === 'failed' || action.type === 'error') && isUnanswered(action.error))
    if (failed) restoreOnce(query, policy, owner)
  })

  // Started after the first queries (./offline-copies-start loads this module for a signed-in page): one that the
  // network already failed, or that waits paused offline, gets its copy now.
  const owner = userId()
  for (const query of owner === null ? [] : queryClient.getQueryCache().getAll()) {
    const policy = query.meta?.offlineCopy
    const { fetchStatus, status, error } = query.state
    const failed = fetchStatus === 'paused' || (status === 'error' && isUnanswered(error))
    if (policy && failed && owner !== null) restoreOnce(query, policy, owner)
  }

  // Prices: the first batch is written at the page's first quiet moment (a page opened a moment ago has something
  // to show offline), then at most every PRICE_SAVE_INTERVAL_MS.
  let lastPriceSaveAt = Number.NEGATIVE_INFINITY
  let priceTimer: ReturnType<typeof setTimeout> | null = null
  const savePrices = () => {
    priceTimer = null
    const owner = userId()
    if (owner === null) return
    lastPriceSaveAt = Date.now()
    const ticks = prices.assets().map(tickOf)
    if (ticks.length === 0) return
    const savedAt = lastPriceSaveAt
    idle(() => {
      // Signed out meanwhile: the copies were cleared, and these prices must not come back.
      if (stopped || userId() !== owner) return
      loadDb()
        .then((db) => db.saveLastPrices(ticks, savedAt))
        .catch(warn('saving prices'))
    })
  }
  const stopPrices = prices.subscribeBatches(() => {
    if (priceTimer !== null) return
    priceTimer = setTimeout(savePrices, Math.max(0, lastPriceSaveAt + PRICE_SAVE_INTERVAL_MS - Date.now()))
  })

  // TanStack Query refetches on `online` only when it saw the browser go offline; a page opened offline never did.
  const onOnline = () => {
    queryClient
      .refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false })
      .catch(() => undefined)
  }
  window.addEventListener('online', onOnline)

  // The session ended here or in another tab, or its token expired: whatever was kept for that user goes.
  let signedIn = userId()
  const stopSession = session.subscribe(() => {
    const next = userId()
    if (signedIn !== null && next !== signedIn) {
      if (priceTimer !== null) clearTimeout(priceTimer)
      priceTimer = null
      loadDb()
        .then((db) => db.clearOfflineCopies())
        .catch(warn('clearing the copies'))
    }
    signedIn = next
  })

  return () => {
    stopped = true
    stopCache()
    stopPrices()
    if (priceTimer !== null) clearTimeout(priceTimer)
    window.removeEventListener('online', onOnline)
    if (typeof stopSession === 'function') stopSession()
  }
}
