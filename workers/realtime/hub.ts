// The realtime hub's core (docs/architecture.md#the-realtime-hub): the state one browser shares across its tabs. One
// Pusher connection with channel subscriptions counted across tabs, one price socket, the heartbeat, the polling
// fallback, connection status and the once-per-browser toasts and sound. It runs in the SharedWorker, in a dedicated
// Worker per tab where SharedWorker is missing, and in unit tests: it touches no worker global, so sockets, fetch,
// clock and Web Locks are all passed in. This file coordinates the parts in hub/: it owns the configuration and the
// status, and after every change lets each part reconcile itself with the new state.
import { CONNECTION_STATUS } from '../../src/domain/contract/realtime'
import { defaultOrigin } from './endpoints'
import type { HubConfig, HubSnapshot, HubStatus, TabInit, TabSink } from './protocol'
import type { CreatePriceTransport, CreatePushTransport } from './transports/types'
import {
  systemClock,
  type Clock,
  type FetchLike,
  type HubContext,
  type HubLogger,
  type LocksLike,
} from './hub/environment'
import { createHeartbeat } from './hub/heartbeat'
import { createApiRequest } from './hub/http'
import { createPolling } from './hub/polling'
import { createPriceFanOut } from './hub/price-fan-out'
import { createPushChannels } from './hub/push-channels'
import { createTabRegistry } from './hub/tab-registry'
import { HUB_TIMINGS } from './hub/timings'

export { HUB_TIMINGS, systemClock }
export type { Clock, FetchInit, FetchLike, HubLogger, LocksLike } from './hub/environment'

export interface HubDeps {
  createPushTransport: CreatePushTransport
  createPriceTransport: CreatePriceTransport
  fetch: FetchLike
  /** Absent where the browser lacks Web Locks (or outside a secure context): then only pagehide ends a tab. */
  locks?: LocksLike | null
  clock?: Clock
  log?: HubLogger
  /** The worker's own origin, used when the API base is not absolute. */
  origin?: string
}

export function createHub(deps: HubDeps) {
  const clock = deps.clock ?? systemClock
  const log = deps.log ?? console
  const fallbackOrigin = deps.origin ?? 'http://localhost'

  let config: Required<HubConfig> = { token: null, apiBaseUrl: '', realtime: null }
  /** What the status reports as lastTickAt (see HubStatus). */
  let tickStampAt: number | null = null
  let lastStatusKey = ''

  const context: HubContext = { clock, log, config: () => config }
  const socketOrigin = () => defaultOrigin(config.apiBaseUrl, fallbackOrigin)

  // A part made before another reaches it through a closure; none is called before createHub returns.
  const tabs = createTabRegistry({
    clock,
    log,
    locks: deps.locks ?? null,
    onChannelOpened: (channel) => push.subscribe(channel),
    onChannelClosed: (channel) => {
      polling.forget(channel)
      push.unsubscribe(channel)
    },
    onTabRemoved: reconcile,
  })
  const request = createApiRequest({
    ...context,
    fetch: deps.fetch,
    onServerAnswered: () => push.onServerAnswered(),
  })
  const polling = createPolling({
    ...context,
    request,
    tabs,
    pushConnected: () => push.status === CONNECTION_STATUS.CONNECTED,
  })
  const push = createPushChannels({
    ...context,
    createTransport: deps.createPushTransport,
    request,
    socketOrigin,
    tabs,
    polling,
    onStatusChanged: () => {
      polling.reconcile()
      broadcastStatus()
    },
    reconcile,
  })
  const prices = createPriceFanOut({
    ...context,
    createTransport: deps.createPriceTransport,
    socketOrigin,
    tabs,
    onServerAnswered: () => push.onServerAnswered(),
    onTicks: noteTick,
    onStatusChanged: broadcastStatus,
    reconcile,
  })
  const heartbeat = createHeartbeat({
    ...context,
    request,
    anyTabVisible: () => tabs.some((tab) => tab.visible),
    onAnswered: broadcastStatus,
  })

  // ---- status -----------------------------------------------------------------------------------------------

  function currentStatus(): HubStatus {
    return {
      status: push.status,
      message: push.message,
      polling: polling.active,
      prices: prices.status,
      lastTickAt: tickStampAt,
      lastHeartbeatAt: heartbeat.answeredAt,
    }
  }

  /** A tick arrived: the status says so, in steps of TICK_STAMP_STEP_MS. */
  function noteTick(): void {
    const now = clock.now()
    if (tickStampAt !== null && now - tickStampAt < HUB_TIMINGS.TICK_STAMP_STEP_MS) return
    tickStampAt = now
    broadcastStatus()
  }

  function broadcastStatus(): void {
    const status = currentStatus()
    const key = JSON.stringify(status)
    if (key === lastStatusKey) return
    lastStatusKey = key
    tabs.broadcast({ type: 'status', status })
  }

  // ---- everything follows from the state --------------------------------------------------------------------

  function reconcile(): void {
    push.reconcile()
    prices.reconcile()
    polling.reconcile()
    heartbeat.reconcile()
    broadcastStatus()
  }

  const hub = {
    /** A tab arrives (or comes back from the back/forward cache with the same id). */
    register(tabId: string, sink: TabSink, init: TabInit, release?: () => void): void {
      const arrival = tabs.register(tabId, sink, init, release)
      if (!arrival) return
      tabs.send(arrival.tab, { type: 'status', status: currentStatus() })
      if (arrival.becameVisible) heartbeat.beatForNewlyVisibleTab()
      reconcile()
    },

    /** The tab is leaving (pagehide). Web Locks catch the tabs that cannot say so. */
    unregister(tabId: string): void {
      tabs.remove(tabId)
    },

    /** Token, API base and endpoints from a tab. A new token reconnects; the same one changes nothing. */
    configure(next: HubConfig): void {
      const token = typeof next.token === 'string' && next.token ? next.token : null
      // A tab that does not know the API base or the endpoints (settings not loaded yet) keeps the known ones
      // rather than closing every tab's sockets.
      const apiBaseUrl =
        (typeof next.apiBaseUrl === 'string' ? next.apiBaseUrl.replace(/\/+$/, '') : '') || config.apiBaseUrl
      const realtime = next.realtime ?? config.realtime
      const tokenChanged = token !== config.token
      const apiChanged = apiBaseUrl !== config.apiBaseUrl
      const endpointsChanged = JSON.stringify(realtime) !== JSON.stringify(config.realtime)
      config = { token, apiBaseUrl, realtime }
      if (tokenChanged || apiChanged || endpointsChanged) push.close()
      if (apiChanged || endpointsChanged) prices.close()
      // The heartbeat says "this user is online": a new user beats at once.
      if (tokenChanged) heartbeat.reset()
      reconcile()
    },

    /** Sign-out in any tab: both sockets close, every channel subscription goes, every tab is told. */
    signOut(): void {
      config = { ...config, token: null }
      tabs.clearChannels()
      polling.clear()
      push.close()
      prices.close()
      heartbeat.forget()
      tickStampAt = null
      reconcile()
      tabs.broadcast({ type: 'signedOut' })
    },

    subscribe(tabId: string, channel: string): void {
      const joinedConfirmed = tabs.hasChannel(channel) && push.isConfirmed(channel)
      if (!tabs.subscribe(tabId, channel)) return
      reconcile()
      // The channel's first tab is caught up by the confirmation to come; a later one by this.
      if (!joinedConfirmed) return
      void polling.catchUpTab(tabId, channel)
      // A presence channel's later tab gets its members now: the service says nothing until someone comes or goes.
      const presence = push.membersOf(channel)
      const tab = tabs.get(tabId)
      if (presence && tab) tabs.send(tab, { type: 'members', channel, presence })
    },

    unsubscribe(tabId: string, channel: string): void {
      if (tabs.unsubscribe(tabId, channel)) reconcile()
    },

    subscribePrices(tabId: string): void {
      if (prices.subscribe(tabId)) reconcile()
    },

    unsubscribePrices(tabId: string): void {
      if (prices.unsubscribe(tabId)) reconcile()
    },

    watchPrices(tabId: string, assetIds: unknown): void {
      prices.watch(tabId, assetIds)
    },

    /** The tab took batch `seq` (a tab whose callback answers nothing acks this way). */
    ackPrices(tabId: string, seq: number): void {
      prices.acknowledge(tabId, seq)
    },

    setVisible(tabId: string, visible: boolean): void {
      const tab = tabs.get(tabId)
      if (!tab || tab.visible === visible) return
      tab.visible = visible
      if (visible) {
        tab.lastActiveAt = clock.now()
        heartbeat.beatForNewlyVisibleTab()
      }
      reconcile()
    },

    /** The tab got focus: it becomes the one that shows toasts and plays the sound. */
    markActive(tabId: string): void {
      const tab = tabs.get(tabId)
      if (tab) tab.lastActiveAt = clock.now()
    },

    /**
     * A tab saw `online` (pusher-js in a worker never does): reconnect both sockets now, and beat at once (the
     * server learns the user is back, and the tabs hear from the server without waiting for the next minute).
     */
    online(): void {
      push.reconnect()
      prices.reconnect()
      heartbeat.beatNowIfRunning()
    },

    getStatus(): HubStatus {
      return currentStatus()
    },

    /**
     * A round trip to the push service in ms (the connection test, decision 0020); null when there is no connection
     * or no answer within PING_TIMEOUT_MS. Read-only: it neither opens nor closes anything.
     */
    ping(): Promise<number | null> {
      return push.ping()
    },

    inspect(): HubSnapshot {
      return {
        ...tabs.snapshot(),
        pusher: push.snapshot(),
        prices: prices.snapshot(),
        polling: polling.active,
        heartbeat: heartbeat.running,
      }
    },
  }
  return hub
}

export type Hub = ReturnType<typeof createHub>
