// Runs on the page, in every tab: the only page module that knows the realtime hub
// (docs/architecture.md#the-realtime-hub). It starts the hub's worker (one SharedWorker per browser, or a dedicated
// Worker where SharedWorker is missing or the URL says `?realtime=dedicated`), registers this tab under a Web Lock
// that outlives it, forwards what a worker cannot see (online, visibility, focus, pagehide) and turns the hub's
// messages into channel handlers, price batches, status, toasts and the notification sound. Framework-free: React
// hooks are built on top of it.
import * as Comlink from 'comlink'
import type { LivePriceUpdate } from '../domain/contract/realtime'
import type { RealtimeEndpoints } from '../domain/contract/site'
import type {
  HubConfig,
  HubSnapshot,
  HubStatus,
  HubToast,
  PresenceMember,
  PresenceMembers,
  PriceBatchHold,
  RealtimeApi,
  TabMessage,
} from '../../workers/realtime/api'

export type { PresenceMember, PresenceMembers }
export type { HubSnapshot as RealtimeSnapshot, HubStatus as RealtimeStatus, HubToast as RealtimeToast }

export interface ConnectRealtimeOptions {
  /** Read whenever the tab (re)registers; call setToken when the session changes. */
  getToken: () => string | null
  /** Absolute API base (origin + /api/v1). */
  apiBaseUrl: string
  /** `realtime` from GET /settings; without it the hub only polls. */
  realtime?: RealtimeEndpoints | null
}

export type RealtimeMode = 'shared' | 'dedicated'
export type ChannelHandler = (data: unknown) => void
export type PriceBatchHandler = (ticks: LivePriceUpdate[]) => void
export type PresenceHandler = (presence: PresenceMembers) => void

/** The assets a page shows, and word when that set changes (src/lib/live-prices.ts). */
export interface WatchedAssets {
  watchedAssetIds: () => Iterable<string>
  subscribeWatched: (listener: () => void) => () => void
}

export interface RealtimeClient {
  readonly tabId: string
  readonly mode: RealtimeMode
  /** Full channel name (CHANNELS.user(id), ...) and wire event name (PUSH_EVENTS.*). */
  subscribe: (channel: string, event: string, handler: ChannelHandler) => () => void
  /**
   * A presence channel's members, whole: at once when this tab already knows them, then on every arrival and
   * departure. Holds the channel like `subscribe` does.
   */
  subscribePresence: (channel: string, handler: PresenceHandler) => () => void
  /** Each batch holds ticks keyed by `id`; apply them to a store. The first batch is a snapshot of every asset. */
  subscribePrices: (onBatch: PriceBatchHandler) => () => void
  /**
   * Where the assets this tab shows come from (the live price store): the hub is told each time the set changes, so
   * on a phone it holds the other assets' ticks longer (`PriceBatchHold.unwatchedHoldMs`). Null: every asset alike.
   */
  watchPrices: (source: WatchedAssets | null) => void
  /** Called at once with the last known status, then on every change. */
  onStatus: (listener: (status: HubStatus) => void) => () => void
  /** Only the tab the hub picked gets a toast: show it as given. */
  onToast: (listener: (toast: HubToast) => void) => () => void
  /** Only the tab the hub picked is asked: play /sounds/notification.mp3. */
  onPlaySound: (listener: () => void) => () => void
  /** The push service refused a channel (docs/product/api.md#errors: an auth error). */
  onChannelError: (listener: (channel: string, message: string) => void) => () => void
  getStatus: () => HubStatus
  setVisible: (visible: boolean) => void
  setToken: (token: string | null) => void
  /** Updates the API base or the endpoints (e.g. when the settings arrive later). */
  configure: (options: Partial<ConnectRealtimeOptions>) => void
  /** Disconnects everything for every tab and drops every channel subscription. */
  signOut: () => void
  inspect: () => Promise<HubSnapshot>
  /** The push service's round trip through the hub in ms; null when not connected or no answer (decision 0020). */
  ping: () => Promise<number | null>
  /** Leaves the hub and removes the listeners (tests, hot reload). */
  close: () => void
}

interface EventTargetLike {
  addEventListener: (type: string, listener: (event: Event) => void) => void
  removeEventListener: (type: string, listener: (event: Event) => void) => void
}

/** What the client needs from the page; tests pass their own. */
export interface RealtimeEnvironment {
  endpoint: Comlink.Endpoint
  mode: RealtimeMode
  window: EventTargetLike
  document: EventTargetLike & { visibilityState: DocumentVisibilityState }
  locks: Pick<LockManager, 'request'> | null
  /**
   * When a price batch counts as taken, and how long the hub then holds the next one: in the browser,
   * `pacePriceBatches` (after the next frame on a desktop; at once on a touch screen, with holds of
   * PRICE_BATCH_MIN_GAP_MS and PRICE_UNWATCHED_GAP_MS); a tab that does not paint merges its backlog.
   */
  takePriceBatch: (taken: (hold: PriceBatchHold) => void) => void
  randomId: () => string
  terminate?: () => void
}

const INITIAL_STATUS: HubStatus = {
  status: 'disconnected',
  message: null,
  polling: false,
  prices: 'disconnected',
  lastTickAt: null,
  lastHeartbeatAt: null,
}

function safely<A extends unknown[]>(listener: (...args: A) => void, ...args: A): void {
  try {
    listener(...args)
  } catch (error) {
    console.error('[realtime] listener failed', error)
  }
}

/**
 * The event name under which a presence subscription holds its channel. Pusher's own events never reach the tabs as
 * events, so no real event has it.
 */
const PRESENCE_HOLD = 'pusher:members'

export function createRealtimeClient(
  options: ConnectRealtimeOptions,
  env: RealtimeEnvironment,
): RealtimeClient {
  const tabId = env.randomId()
  const api = Comlink.wrap<RealtimeApi>(env.endpoint)
  let getToken = options.getToken
  let config: HubConfig = {
    token: getToken(),
    apiBaseUrl: options.apiBaseUrl,
    realtime: options.realtime ?? null,
  }

  const channelHandlers = new Map<string, Map<string, Set<ChannelHandler>>>()
  /** Channels whose last handler left in this task: released at the microtask, unless re-subscribed first. */
  const releasing = new Set<string>()
  const priceHandlers = new Set<PriceBatchHandler>()
  const presenceHandlers = new Map<string, Set<PresenceHandler>>()
  /** Each presence channel's last members, for a handler that comes after them; dropped with the channel. */
  const presenceKnown = new Map<string, PresenceMembers>()
  let pricesReleasing = false
  const statusListeners = new Set<(status: HubStatus) => void>()
  const toastListeners = new Set<(toast: HubToast) => void>()
  const soundListeners = new Set<() => void>()
  const channelErrorListeners = new Set<(channel: string, message: string) => void>()
  let status = INITIAL_STATUS
  let closed = false
  let watched: WatchedAssets | null = null
  let stopWatching = () => {}
  /** The set the hub last heard (its ids sorted and joined), so a change that changes nothing sends nothing. */
  let lastWatched: string | null = null
  let watchQueued = false

  // Calls wait until the tab holds its lock and is registered; after that they go straight out, in order (one
  // port keeps them ordered), without waiting for each other's answers.
  let registered = false
  const queue: (() => Promise<unknown>)[] = []
  const call = (fn: () => Promise<unknown>) => {
    if (closed) return
    if (!registered) {
      queue.push(fn)
      return
    }
    fn().catch((error: unknown) => console.warn('[realtime] hub call failed', error))
  }

  const handle = (message: TabMessage): Promise<PriceBatchHold> | undefined => {
    switch (message.type) {
      case 'event':
        channelHandlers
          .get(message.channel)
          ?.get(message.event)
          ?.forEach((handler) => safely(handler, message.data))
        break
      case 'prices':
        priceHandlers.forEach((handler) => safely(handler, message.ticks))
        // The answer is the ack (Comlink replies when it settles), when `takePriceBatch` says (pacePriceBatches),
        // with the hold the hub keeps before the next batch: until then the hub merges what comes, and a tab that
        // does not paint takes nothing more.
        return new Promise<PriceBatchHold>((resolve) => env.takePriceBatch(resolve))
      case 'status':
        status = message.status
        statusListeners.forEach((listener) => safely(listener, message.status))
        break
      case 'toast':
        toastListeners.forEach((listener) => safely(listener, message.toast))
        break
      case 'playSound':
        soundListeners.forEach((listener) => safely(listener))
        break
      case 'channelError':
        channelErrorListeners.forEach((listener) => safely(listener, message.channel, message.message))
        break
      case 'members':
        presenceKnown.set(message.channel, message.presence)
        presenceHandlers.get(message.channel)?.forEach((handler) => safely(handler, message.presence))
        break
      case 'signedOut':
        // The hub dropped every channel of the signed-out user; subscriptions for the next user start afresh.
        channelHandlers.clear()
        releasing.clear()
        presenceHandlers.clear()
        presenceKnown.clear()
        break
    }
  }
  const sink = Comlink.proxy(handle)

  const isVisible = () => env.document.visibilityState === 'visible'

  let hasLock = false
  let releaseLock: () => void = () => undefined
  /** Held for the page's whole life: the hub's queued request for it is granted only when this tab is gone. */
  const holdTabLock = (): Promise<boolean> => {
    const locks = env.locks
    if (!locks) return Promise.resolve(false)
    return new Promise((resolve) => {
      locks
        .request(`tab:${tabId}`, () => {
          resolve(true)
          return new Promise<void>((release) => {
            releaseLock = release
          })
        })
        .catch(() => resolve(false))
    })
  }

  /** Registers (again, after a back/forward-cache restore) and tells the hub everything this tab wants. */
  const register = () => {
    config = { ...config, token: getToken() }
    void api.register(tabId, sink, { visible: isVisible(), lock: hasLock })
    void api.configure(config)
    for (const channel of channelHandlers.keys()) void api.subscribe(tabId, channel)
    if (priceHandlers.size > 0) void api.subscribePrices(tabId)
    if (watched) {
      const ids = watchedIds(watched)
      lastWatched = ids.join()
      void api.watchPrices(tabId, ids)
    }
  }

  void holdTabLock().then((lock) => {
    if (closed) return
    hasLock = lock
    register()
    registered = true
    for (const fn of queue.splice(0)) call(fn)
  })

  const onVisibilityChange = () => call(() => api.setVisible(tabId, isVisible()))
  const onFocus = () => call(() => api.markActive(tabId))
  // pusher-js in a worker never sees these: the tab tells the hub, which reconnects both sockets.
  const onOnline = () => call(() => api.online())
  const onPageHide = () => {
    // Sent at once: the page may be gone before a queued call would run.
    if (registered) void api.unregister(tabId)
  }
  const onPageShow = (event: Event) => {
    if (registered && (event as PageTransitionEvent).persisted) register()
  }
  env.document.addEventListener('visibilitychange', onVisibilityChange)
  env.window.addEventListener('focus', onFocus)
  env.window.addEventListener('online', onOnline)
  env.window.addEventListener('pagehide', onPageHide)
  env.window.addEventListener('pageshow', onPageShow)

  /** Tells the hub the watched set once per task, however many rows mounted or left in it, and only if it changed. */
  const sendWatched = () => {
    if (watchQueued) return
    watchQueued = true
    queueMicrotask(() => {
      watchQueued = false
      const ids = watched ? watchedIds(watched) : null
      const key = ids?.join() ?? null
      if (key === lastWatched) return
      lastWatched = key
      call(() => api.watchPrices(tabId, ids))
    })
  }

  const listen = <L>(set: Set<L>, listener: L) => {
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }

  const client: RealtimeClient = {
    tabId,
    mode: env.mode,

    subscribe(channel, event, handler) {
      let events = channelHandlers.get(channel)
      if (!events) {
        events = new Map()
        channelHandlers.set(channel, events)
        // A release still pending in this task is simply cancelled: the hub never hears of the churn.
        if (!releasing.delete(channel)) call(() => api.subscribe(tabId, channel))
      }
      const owner = events
      let handlers = owner.get(event)
      if (!handlers) {
        handlers = new Set()
        owner.set(event, handlers)
      }
      const set = handlers
      // The same function twice gets its own entry, so each unsubscribe removes its own.
      const entry: ChannelHandler = (data) => handler(data)
      set.add(entry)
      return () => {
        if (!set.delete(entry)) return
        if (set.size === 0 && owner.get(event) === set) owner.delete(event)
        // After a sign-out the maps were replaced: the new ones are not this subscription's to release.
        if (owner.size > 0 || channelHandlers.get(channel) !== owner) return
        channelHandlers.delete(channel)
        releasing.add(channel)
        queueMicrotask(() => {
          if (!releasing.delete(channel)) return
          presenceKnown.delete(channel)
          call(() => api.unsubscribe(tabId, channel))
        })
      }
    },

    subscribePresence(channel, handler) {
      let handlers = presenceHandlers.get(channel)
      if (!handlers) {
        handlers = new Set()
        presenceHandlers.set(channel, handlers)
      }
      const set = handlers
      const entry: PresenceHandler = (presence) => handler(presence)
      set.add(entry)
      // The members come as their own message, not as an event: this entry only holds the channel.
      const release = client.subscribe(channel, PRESENCE_HOLD, () => undefined)
      const known = presenceKnown.get(channel)
      if (known) safely(entry, known)
      return () => {
        if (!set.delete(entry)) return
        if (set.size === 0 && presenceHandlers.get(channel) === set) presenceHandlers.delete(channel)
        release()
      }
    },

    subscribePrices(onBatch) {
      const entry: PriceBatchHandler = (ticks) => onBatch(ticks)
      if (priceHandlers.size === 0 && !pricesReleasing) call(() => api.subscribePrices(tabId))
      pricesReleasing = false
      priceHandlers.add(entry)
      return () => {
        if (!priceHandlers.delete(entry) || priceHandlers.size > 0) return
        pricesReleasing = true
        queueMicrotask(() => {
          if (!pricesReleasing) return
          pricesReleasing = false
          call(() => api.unsubscribePrices(tabId))
        })
      }
    },

    watchPrices(source) {
      if (source === watched) return
      stopWatching()
      watched = source
      stopWatching = source ? source.subscribeWatched(sendWatched) : () => {}
      sendWatched()
    },

    onStatus(listener) {
      const remove = listen(statusListeners, listener)
      safely(listener, status)
      return remove
    },
    onToast: (listener) => listen(toastListeners, listener),
    onPlaySound: (listener) => listen(soundListeners, listener),
    onChannelError: (listener) => listen(channelErrorListeners, listener),
    getStatus: () => status,

    setVisible(visible) {
      call(() => api.setVisible(tabId, visible))
    },

    setToken(token) {
      if (token === config.token) return
      config = { ...config, token }
      const next = config
      call(() => api.configure(next))
    },

    configure(next) {
      if (next.getToken) getToken = next.getToken
      config = {
        token: getToken(),
        apiBaseUrl: next.apiBaseUrl ?? config.apiBaseUrl,
        realtime: next.realtime === undefined ? config.realtime : next.realtime,
      }
      const sent = config
      call(() => api.configure(sent))
    },

    signOut() {
      config = { ...config, token: null }
      channelHandlers.clear()
      releasing.clear()
      presenceHandlers.clear()
      presenceKnown.clear()
      call(() => api.signOut())
    },

    inspect() {
      return new Promise<HubSnapshot>((resolve, reject) => call(() => api.inspect().then(resolve, reject)))
    },

    ping() {
      return new Promise<number | null>((resolve, reject) => call(() => api.ping().then(resolve, reject)))
    },

    close() {
      if (closed) return
      if (registered) void api.unregister(tabId)
      closed = true
      stopWatching()
      env.document.removeEventListener('visibilitychange', onVisibilityChange)
      env.window.removeEventListener('focus', onFocus)
      env.window.removeEventListener('online', onOnline)
      env.window.removeEventListener('pagehide', onPageHide)
      env.window.removeEventListener('pageshow', onPageShow)
      releaseLock()
      api[Comlink.releaseProxy]()
      env.terminate?.()
    },
  }
  return client
}

function watchedIds(source: WatchedAssets): string[] {
  return [...source.watchedAssetIds()].sort()
}

function startWorker(): Pick<RealtimeEnvironment, 'endpoint' | 'mode' | 'terminate'> {
  const forceDedicated = new URLSearchParams(window.location.search).get('realtime') === 'dedicated'
  if (!forceDedicated && typeof SharedWorker === 'function') {
    try {
      // Vite bundles the worker from this exact `new URL(..., import.meta.url)` form.
      const worker = new SharedWorker(
        new URL('../../workers/realtime/realtime.shared-worker.ts', import.meta.url),
        { type: 'module', name: 'realtime-hub' },
      )
      worker.addEventListener('error', (event) => console.error('[realtime] hub failed to start', event))
      return { endpoint: worker.port, mode: 'shared' }
    } catch (error) {
      // Some embedded browsers expose the constructor but refuse to start one.
      console.warn('[realtime] SharedWorker unavailable, using a dedicated worker', error)
    }
  }
  const worker = new Worker(new URL('../../workers/realtime/realtime.dedicated-worker.ts', import.meta.url), {
    type: 'module',
    name: 'realtime-hub',
  })
  worker.addEventListener('error', (event) => console.error('[realtime] hub failed to start', event))
  return { endpoint: worker, mode: 'dedicated', terminate: () => worker.terminate() }
}

/**
 * On a touch screen a tab takes at most ten price batches a second: what arrives in between merges in the hub, last
 * price per asset wins. A phone's battery pays for every batch (the message, the store, the rows that changed), and at
 * the default feed's 20 ticks a second a phone's main thread at rest was busier than the 3 % that
 * docs/decisions/0043-the-signed-in-start-on-a-phone.md allows. A price is then at most 100 ms later on screen.
 */
export const PRICE_BATCH_MIN_GAP_MS = 100

/**
 * On a touch screen, the prices of assets the page does not show (the store's other rows, kept for a later screen and
 * the offline copy) come at most once a second: a phone that shows one asset saw a batch with none of its ticks
 * nine times in ten (decision 0043's sixth pass). A watched asset's tick still goes out within PRICE_BATCH_MIN_GAP_MS,
 * with every price merged meanwhile.
 */
export const PRICE_UNWATCHED_GAP_MS = 1_000

/**
 * The `takePriceBatch` that says when a price batch counts as taken, so the hub sends the next one, and how long
 * after sending this one the hub holds the next (`PriceBatchHold`).
 * - With a fine pointer (a desktop): after the next frame, with no hold, so a tick paints within a frame of its
 *   arrival (`npm run bench:ticks`' tick-to-paint targets, tests/bench/README.md) and a tab that cannot paint
 *   merges its backlog.
 * - With a coarse pointer (a phone, a tablet): at once, without asking for a frame, with a hold of `gaps.holdMs`
 *   (`gaps.unwatchedHoldMs` for a batch of unwatched assets only). The holds are timers in the SharedWorker, not on
 *   the page: the page's main thread does nothing between batches. A batch that changes nothing on screen then
 *   costs no frame at all; one that does schedules its own.
 * - While the page is hidden: at its next frame, which a hidden page does not get, so a tab in the background takes
 *   nothing.
 */
export function pacePriceBatches(
  gaps: PriceBatchHold,
  browser: {
    requestAnimationFrame: (callback: () => void) => void
    /** Whether the primary pointer is coarse (`(pointer: coarse)`), read per batch. */
    touchScreen: () => boolean
    hidden: () => boolean
  },
): (taken: (hold: PriceBatchHold) => void) => void {
  return (taken) => {
    const touch = browser.touchScreen()
    const hold = touch ? gaps : NO_HOLD
    if (!touch || browser.hidden()) browser.requestAnimationFrame(() => taken(hold))
    else taken(hold)
  }
}

const NO_HOLD: PriceBatchHold = { holdMs: 0, unwatchedHoldMs: 0 }

function browserEnvironment(): RealtimeEnvironment {
  const coarsePointer = window.matchMedia('(pointer: coarse)')
  return {
    ...startWorker(),
    window,
    document,
    // Web Locks exist only in secure contexts (https, localhost); without them pagehide alone ends a tab.
    locks: 'locks' in navigator ? navigator.locks : null,
    takePriceBatch: pacePriceBatches(
      { holdMs: PRICE_BATCH_MIN_GAP_MS, unwatchedHoldMs: PRICE_UNWATCHED_GAP_MS },
      {
        requestAnimationFrame: (callback) => window.requestAnimationFrame(() => callback()),
        touchScreen: () => coarsePointer.matches,
        hidden: () => document.visibilityState === 'hidden',
      },
    ),
    randomId: () =>
      typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  }
}

let current: RealtimeClient | null = null

/** Starts (once per page) or reconfigures this tab's connection to the realtime hub. */
export function connectRealtime(options: ConnectRealtimeOptions): RealtimeClient {
  if (current) {
    current.configure(options)
    return current
  }
  current = createRealtimeClient(options, browserEnvironment())
  return current
}

/** The page's client, once connectRealtime ran. */
export function getRealtimeClient(): RealtimeClient | null {
  return current
}
