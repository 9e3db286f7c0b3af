// The one price socket, open while any tab wants prices, and its ticks fanned out to those tabs. A tab gets the
// next batch once it has acknowledged the last (a desktop after its next paint) and the hold its answer asked for
// is over (a phone's 100 ms: docs/decisions/0043-the-signed-in-start-on-a-phone.md); until then its ticks merge,
// last price per asset wins, so a busy or hidden tab gets one fresh batch, never a backlog.
import {
  CONNECTION_STATUS,
  isValidTick,
  type ConnectionStatus,
  type LivePriceUpdate,
} from '../../../src/domain/contract/realtime'
import { resolvePriceEndpoint } from '../endpoints'
import type { HubConfig, PriceBatchHold } from '../protocol'
import type { CreatePriceTransport, PriceTransport } from '../transports/types'
import type { HubContext } from './environment'
import { isRecord } from './is-record'
import { resetPriceDelivery, type Tab, type TabRegistry } from './tab-registry'
import { HUB_TIMINGS } from './timings'

export interface PriceFanOutDeps extends HubContext {
  createTransport: CreatePriceTransport
  /** Where the socket goes when the settings omit the URL. */
  socketOrigin: () => URL
  tabs: Pick<TabRegistry, 'get' | 'all' | 'some' | 'send'>
  /** The price feed came back: the server is up. */
  onServerAnswered: () => void
  /** Valid ticks arrived. */
  onTicks: () => void
  onStatusChanged: () => void
  /** The idle delay ran out: everything is weighed again. */
  reconcile: () => void
}

/** A tab's answer to a batch, as the hub uses it: each hold a finite number of ms within the cap, else 0. */
function readHold(hold: unknown): PriceBatchHold {
  const ms = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0
      ? Math.min(value, HUB_TIMINGS.MAX_PRICE_BATCH_HOLD_MS)
      : 0
  if (!isRecord(hold)) return { holdMs: 0, unwatchedHoldMs: 0 }
  return { holdMs: ms(hold.holdMs), unwatchedHoldMs: ms(hold.unwatchedHoldMs) }
}

/** At most this many watched asset ids per tab: more than any screen shows, fewer than would cost the hub. */
const MAX_WATCHED_ASSETS = 500

export function createPriceFanOut(deps: PriceFanOutDeps) {
  const { clock, log, config, tabs } = deps
  let prices: PriceTransport | null = null
  let pricesGeneration = 0
  let pricesStatus: ConnectionStatus = CONNECTION_STATUS.DISCONNECTED
  let pricesIdleTimer: unknown = null
  let pricesRetryTimer: unknown = null
  /** Latest tick per asset id: a tab that subscribes gets a snapshot at once, without a new socket. */
  const latestTicks = new Map<string, LivePriceUpdate>()

  function sendTicks(tab: Tab, ticks: LivePriceUpdate[]): void {
    tab.priceSeq += 1
    tab.awaitingAck = true
    tab.priceSentAtMs = clock.now()
    const seq = tab.priceSeq
    // The tab's answer to the batch is its ack: its callback resolves once the batch is painted, so no separate
    // ack call (and its own reply) crosses the port, two tasks fewer per batch per tab. A dead tab never answers,
    // which is the same as never acking: its batches merge until the hub forgets it.
    tabs.send(tab, { type: 'prices', ticks, seq })?.then(
      (holdMs) => acknowledge(tab.id, seq, holdMs),
      () => undefined,
    )
  }

  /**
   * The tab took batch `seq`: what merged meanwhile goes out as one batch, at once or, when the tab asked for a
   * hold (`PriceBatchHold`), once `holdMs` have passed since the batch was sent.
   */
  function acknowledge(tabId: string, seq: number, hold?: unknown): void {
    const tab = tabs.get(tabId)
    if (!tab || seq !== tab.priceSeq || !tab.awaitingAck || tab.priceHoldTimer !== null) return
    const { holdMs, unwatchedHoldMs } = readHold(hold)
    tab.unwatchedHoldMs = unwatchedHoldMs
    const waitMs = holdMs - (clock.now() - tab.priceSentAtMs)
    if (waitMs > 0) {
      // Cleared when the tab stops wanting prices or is gone (resetPriceDelivery), so it fires for a live tab.
      tab.priceHoldTimer = clock.setTimeout(() => {
        tab.priceHoldTimer = null
        sendPending(tab)
      }, waitMs)
      return
    }
    sendPending(tab)
  }

  /**
   * Ends the wait for the tab's acknowledgement and hold: what merged meanwhile goes out now as one batch, unless
   * none of it is watched and the tab's unwatched hold is not over (then it waits for that, or for a watched tick).
   */
  function sendPending(tab: Tab): void {
    tab.awaitingAck = false
    const pending = tab.pendingTicks
    if (!tab.prices || !pending || pending.size === 0) {
      tab.pendingTicks = null
      return
    }
    if (holdsUnwatched(tab, pending.values())) return waitForWatched(tab)
    flushPending(tab)
  }

  /** What merged goes out now as one batch. */
  function flushPending(tab: Tab): void {
    const pending = tab.pendingTicks
    tab.pendingTicks = null
    if (tab.prices && pending && pending.size > 0) sendTicks(tab, [...pending.values()])
  }

  /** A watched tick came, or a held asset is now watched: the unwatched wait is over. */
  function endUnwatchedWait(tab: Tab): void {
    clock.clearTimeout(tab.priceHoldTimer)
    tab.priceHoldTimer = null
    sendPending(tab)
  }

  /** Whether these ticks wait for the tab's unwatched hold: none is of an asset it watches, and the hold runs. */
  function holdsUnwatched(tab: Tab, ticks: Iterable<LivePriceUpdate>): boolean {
    const watched = tab.watchedAssets
    if (watched === null || tab.priceSeq === 0) return false
    if (clock.now() - tab.priceSentAtMs >= tab.unwatchedHoldMs) return false
    for (const tick of ticks) if (watched.has(tick.id)) return false
    return true
  }

  /** Sends what merged once the unwatched hold is over; a watched tick before then sends it at once (offerTicks). */
  function waitForWatched(tab: Tab): void {
    if (tab.priceHoldTimer !== null) return
    tab.priceHoldTimer = clock.setTimeout(
      () => {
        tab.priceHoldTimer = null
        flushPending(tab)
      },
      tab.unwatchedHoldMs - (clock.now() - tab.priceSentAtMs),
    )
  }

  function mergePending(tab: Tab, ticks: Iterable<LivePriceUpdate>): void {
    // Merged instead of queued, so a tab never builds a backlog. Optional 24h fields survive from an earlier tick
    // that had them.
    const pending = (tab.pendingTicks ??= new Map())
    for (const tick of ticks) {
      const previous = pending.get(tick.id)
      pending.set(tick.id, previous ? { ...previous, ...tick } : tick)
    }
  }

  function offerTicks(tab: Tab, ticks: LivePriceUpdate[]): void {
    if (tab.awaitingAck) return mergePending(tab, ticks)
    const waitingForWatched = tab.priceHoldTimer !== null
    if (!waitingForWatched && !holdsUnwatched(tab, ticks)) return sendTicks(tab, ticks)
    mergePending(tab, ticks)
    if (waitingForWatched) {
      // A watched asset ticked: the wait is over, everything merged goes with it.
      if (!holdsUnwatched(tab, ticks)) endUnwatchedWait(tab)
      return
    }
    waitForWatched(tab)
  }

  function deliverTicks(ticks: LivePriceUpdate[]): void {
    for (const tab of tabs.all()) if (tab.prices) offerTicks(tab, ticks)
  }

  function onPriceUpdate(payload: unknown): void {
    const ticks = (Array.isArray(payload) ? payload : [payload]).filter(isValidTick)
    if (ticks.length === 0) return
    for (const tick of ticks) {
      const previous = latestTicks.get(tick.id)
      latestTicks.set(tick.id, previous ? { ...previous, ...tick } : tick)
    }
    deliverTicks(ticks)
    deps.onTicks()
  }

  function onPriceSnapshot(payload: unknown): void {
    if (!isRecord(payload) || payload.success !== true || !Array.isArray(payload.data)) {
      log.warn('[realtime] ignored a malformed data:all')
      return
    }
    const ticks = payload.data.filter(isValidTick)
    latestTicks.clear()
    for (const tick of ticks) latestTicks.set(tick.id, tick)
    deliverTicks(ticks)
    if (ticks.length > 0) deps.onTicks()
  }

  function onPriceStatus(status: ConnectionStatus, reason?: string): void {
    const priceFeedBack =
      status === CONNECTION_STATUS.CONNECTED && pricesStatus !== CONNECTION_STATUS.CONNECTED
    pricesStatus = status
    if (priceFeedBack) deps.onServerAnswered()
    if (status === CONNECTION_STATUS.FAILED) {
      if (reason) log.warn('[realtime] price feed failed', reason)
      if (pricesRetryTimer === null) {
        pricesRetryTimer = clock.setTimeout(() => {
          pricesRetryTimer = null
          if (prices && pricesStatus === CONNECTION_STATUS.FAILED) prices.reconnect()
        }, HUB_TIMINGS.PRICE_RETRY_MS)
      }
    } else if (status === CONNECTION_STATUS.CONNECTED && pricesRetryTimer !== null) {
      clock.clearTimeout(pricesRetryTimer)
      pricesRetryTimer = null
    }
    deps.onStatusChanged()
  }

  function connect(endpoints: NonNullable<HubConfig['realtime']>): void {
    const generation = ++pricesGeneration
    const current = () => generation === pricesGeneration
    pricesStatus = CONNECTION_STATUS.CONNECTING
    const endpoint = resolvePriceEndpoint(endpoints.prices, deps.socketOrigin())
    prices = deps.createTransport({
      ...endpoint,
      token: () => config().token,
      onStatus: (status, reason) => {
        if (current()) onPriceStatus(status, reason)
      },
      onSnapshot: (payload) => {
        if (current()) onPriceSnapshot(payload)
      },
      onUpdate: (payload) => {
        if (current()) onPriceUpdate(payload)
      },
    })
  }

  function close(): void {
    if (pricesIdleTimer !== null) clock.clearTimeout(pricesIdleTimer)
    if (pricesRetryTimer !== null) clock.clearTimeout(pricesRetryTimer)
    pricesIdleTimer = null
    pricesRetryTimer = null
    if (!prices) return
    const transport = prices
    prices = null
    pricesGeneration += 1
    pricesStatus = CONNECTION_STATUS.DISCONNECTED
    // Without a socket the cache goes stale; a later tab must not be handed old prices as live ones.
    latestTicks.clear()
    transport.disconnect()
  }

  const anyTabWantsPrices = () => tabs.some((tab) => tab.prices)

  return {
    acknowledge,
    close,

    get status(): ConnectionStatus {
      return pricesStatus
    },

    /** False when nothing changed (unknown tab, or it already had prices). */
    subscribe(tabId: string): boolean {
      const tab = tabs.get(tabId)
      if (!tab || tab.prices) return false
      tab.prices = true
      // Nothing is owed to a tab that did not want prices (resetPriceDelivery): the cache goes at once, held for
      // nothing.
      if (latestTicks.size > 0) sendTicks(tab, [...latestTicks.values()])
      return true
    },

    /** False when nothing changed (unknown tab, or it had no prices). */
    unsubscribe(tabId: string): boolean {
      const tab = tabs.get(tabId)
      if (!tab || !tab.prices) return false
      tab.prices = false
      resetPriceDelivery(tab, clock)
      return true
    },

    /**
     * The assets whose prices the tab shows now; null (or anything that is not a list of ids): every asset, as
     * before it said. A batch held only for unwatched assets goes at once if the tab now watches one of them.
     */
    watch(tabId: string, assetIds: unknown): void {
      const tab = tabs.get(tabId)
      if (!tab) return
      tab.watchedAssets =
        Array.isArray(assetIds) &&
        assetIds.length <= MAX_WATCHED_ASSETS &&
        assetIds.every((id) => typeof id === 'string')
          ? new Set(assetIds as string[])
          : null
      const pending = tab.pendingTicks
      if (tab.awaitingAck || tab.priceHoldTimer === null || !pending) return
      if (!holdsUnwatched(tab, pending.values())) endUnwatchedWait(tab)
    },

    /** Reconnect now rather than at the next retry. */
    reconnect(): void {
      if (!prices) return
      if (pricesRetryTimer !== null) clock.clearTimeout(pricesRetryTimer)
      pricesRetryTimer = null
      prices.reconnect()
    },

    /** Open while signed in with endpoints and any tab wants prices; closed IDLE_DISCONNECT_MS after the last. */
    reconcile(): void {
      const endpoints = config().realtime
      if (!config().token || !endpoints) return close()
      if (!anyTabWantsPrices()) {
        if (prices && pricesIdleTimer === null) {
          pricesIdleTimer = clock.setTimeout(() => {
            pricesIdleTimer = null
            if (!anyTabWantsPrices()) close()
            deps.reconcile()
          }, HUB_TIMINGS.IDLE_DISCONNECT_MS)
        }
        return
      }
      if (pricesIdleTimer !== null) clock.clearTimeout(pricesIdleTimer)
      pricesIdleTimer = null
      if (!prices) connect(endpoints)
    },

    snapshot: () => ({ open: prices !== null, status: pricesStatus, cachedAssets: latestTicks.size }),
  }
}
