// The tabs the hub serves and the channels each wants, counted across tabs: a channel opens with its first tab
// and closes with its last. It sends the tabs' messages (never waiting for an answer), picks the one tab that
// shows a toast or plays the sound, and learns of a tab's death from its Web Lock.
import type { LivePriceUpdate } from '../../../src/domain/contract/realtime'
import { PUSH_EVENTS } from '../../../src/domain/contract/realtime-names'
import type { HubSnapshot, HubToast, TabInit, TabMessage, TabSink } from '../protocol'
import type { HubContext, LocksLike } from './environment'
import { isRecord } from './is-record'

export interface Tab {
  id: string
  sink: TabSink
  release: (() => void) | undefined
  visible: boolean
  lastActiveAt: number
  channels: Set<string>
  prices: boolean
  /** Sequence number of the last price batch sent; the tab acknowledges it by number. */
  priceSeq: number
  awaitingAck: boolean
  /** When the last price batch was sent (the clock's ms): a hold the tab asks for counts from there. */
  priceSentAtMs: number
  /**
   * The timer that sends the next batch once the hold the tab asked for is over, or once its unwatched hold is over
   * while only unwatched assets ticked; null while none runs.
   */
  priceHoldTimer: unknown
  /** From the tab's last answer (`PriceBatchHold.unwatchedHoldMs`, capped): 0 holds nothing longer. */
  unwatchedHoldMs: number
  /** The asset ids the tab shows (`watchPrices`); null: it never said, every asset is watched. */
  watchedAssets: ReadonlySet<string> | null
  /** Ticks that arrived while the tab had not acknowledged: merged, last price per asset id wins. */
  pendingTicks: Map<string, LivePriceUpdate> | null
}

/**
 * Forgets what the hub owes a tab in prices: the batch it waits to be acknowledged, the ticks merged meanwhile and a
 * running hold. For a tab that stopped wanting prices or is gone.
 */
export function resetPriceDelivery(tab: Tab, clock: Pick<HubContext['clock'], 'clearTimeout'>): void {
  tab.awaitingAck = false
  tab.pendingTicks = null
  if (tab.priceHoldTimer !== null) clock.clearTimeout(tab.priceHoldTimer)
  tab.priceHoldTimer = null
}

export interface TabRegistryDeps extends Pick<HubContext, 'clock' | 'log'> {
  /** Absent where the browser lacks Web Locks (or outside a secure context): then only pagehide ends a tab. */
  locks: LocksLike | null
  /** A channel's first tab subscribed. */
  onChannelOpened: (channel: string) => void
  /** A channel's last tab left it. */
  onChannelClosed: (channel: string) => void
  onTabRemoved: () => void
}

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/
const TAB_ID = /^[A-Za-z0-9_-]{1,100}$/

export function createTabRegistry(deps: TabRegistryDeps) {
  const { clock, log } = deps
  const tabs = new Map<string, Tab>()
  /** Channel -> ids of the tabs that want it: the reference count. */
  const channelTabs = new Map<string, Set<string>>()
  const lockRequested = new Set<string>()

  /** Calls the tab's callback; its answer, when it gives one, is a promise (through Comlink), else undefined. */
  function send(tab: Tab, message: TabMessage): Promise<unknown> | undefined {
    try {
      const result = tab.sink(message)
      // Fire and forget: a closed tab's Comlink proxy never settles, so nothing here may wait for it. Only a
      // rejection (the tab's handler threw) is swallowed, so it does not surface as an unhandled one.
      if (isRecord(result) && typeof result.then === 'function') {
        const answer = result as unknown as Promise<unknown>
        answer.then(undefined, () => undefined)
        return answer
      }
    } catch (error) {
      log.warn('[realtime] tab callback failed', tab.id, error)
    }
    return undefined
  }

  /**
   * The tab that shows once-per-browser things: a visible one, most recently active first; with `channel`, only
   * among the tabs subscribed to it.
   */
  function chooseTab(visibleOnly: boolean, channel?: string): Tab | undefined {
    let best: Tab | undefined
    const among = channel === undefined ? undefined : (channelTabs.get(channel) ?? new Set<string>())
    for (const tab of tabs.values()) {
      if (visibleOnly && !tab.visible) continue
      if (among && !among.has(tab.id)) continue
      if (
        !best ||
        (tab.visible && !best.visible) ||
        (tab.visible === best.visible && tab.lastActiveAt >= best.lastActiveAt)
      ) {
        best = tab
      }
    }
    return best
  }

  function sendToChannel(channel: string, message: TabMessage): void {
    for (const id of channelTabs.get(channel) ?? []) {
      const tab = tabs.get(id)
      if (tab) send(tab, message)
    }
  }

  function releaseChannel(channel: string, tabId: string): void {
    const ids = channelTabs.get(channel)
    if (!ids) return
    ids.delete(tabId)
    if (ids.size > 0) return
    channelTabs.delete(channel)
    deps.onChannelClosed(channel)
  }

  function remove(tabId: string): void {
    const tab = tabs.get(tabId)
    if (!tab) return
    tabs.delete(tabId)
    for (const channel of tab.channels) releaseChannel(channel, tabId)
    tab.channels.clear()
    tab.prices = false
    resetPriceDelivery(tab, clock)
    try {
      tab.release?.()
    } catch {
      // The proxy of a closed tab may already be gone.
    }
    deps.onTabRemoved()
  }

  function watchLock(tabId: string): void {
    if (!deps.locks || lockRequested.has(tabId)) return
    lockRequested.add(tabId)
    // Queued behind the tab's own hold on `tab:<id>`: granted only when that tab is gone, however it went.
    deps.locks
      .request(`tab:${tabId}`, () => {
        lockRequested.delete(tabId)
        remove(tabId)
      })
      .catch((error: unknown) => {
        lockRequested.delete(tabId)
        log.warn('[realtime] tab lock request failed', tabId, error)
      })
  }

  return {
    get: (tabId: string) => tabs.get(tabId),
    all: () => tabs.values(),
    some: (wanted: (tab: Tab) => boolean) => [...tabs.values()].some(wanted),
    send,
    remove,

    /** A tab arrives (or comes back from the back/forward cache with the same id); null: not a valid tab. */
    register(
      tabId: string,
      sink: TabSink,
      init: TabInit,
      release?: () => void,
    ): { tab: Tab; becameVisible: boolean } | null {
      if (!TAB_ID.test(tabId) || typeof sink !== 'function') return null
      const now = clock.now()
      let tab = tabs.get(tabId)
      if (tab) {
        if (tab.sink !== sink) tab.release?.()
        tab.sink = sink
        tab.release = release
      } else {
        tab = {
          id: tabId,
          sink,
          release,
          visible: false,
          lastActiveAt: now,
          channels: new Set(),
          prices: false,
          priceSeq: 0,
          awaitingAck: false,
          priceSentAtMs: 0,
          priceHoldTimer: null,
          unwatchedHoldMs: 0,
          watchedAssets: null,
          pendingTicks: null,
        }
        tabs.set(tabId, tab)
      }
      const becameVisible = init.visible && !tab.visible
      tab.visible = init.visible
      if (init.visible) tab.lastActiveAt = now
      if (init.lock) watchLock(tabId)
      return { tab, becameVisible }
    },

    /** False when nothing changed (unknown tab, invalid name, already subscribed). */
    subscribe(tabId: string, channel: string): boolean {
      const tab = tabs.get(tabId)
      if (!tab || typeof channel !== 'string' || !CHANNEL_NAME.test(channel) || tab.channels.has(channel))
        return false
      tab.channels.add(channel)
      let ids = channelTabs.get(channel)
      if (!ids) {
        ids = new Set()
        channelTabs.set(channel, ids)
        deps.onChannelOpened(channel)
      }
      ids.add(tabId)
      return true
    },

    /** False when the tab had no such subscription. */
    unsubscribe(tabId: string, channel: string): boolean {
      const tab = tabs.get(tabId)
      if (!tab || !tab.channels.delete(channel)) return false
      releaseChannel(channel, tabId)
      return true
    },

    /** Sign-out: every subscription goes at once, without closing channels one by one. */
    clearChannels(): void {
      for (const tab of tabs.values()) tab.channels.clear()
      channelTabs.clear()
    },

    channels: () => channelTabs.keys(),
    hasChannel: (channel: string) => channelTabs.has(channel),
    hasChannels: () => channelTabs.size > 0,

    broadcast(message: TabMessage): void {
      for (const tab of tabs.values()) send(tab, message)
    },

    emit(channel: string, event: string, data: unknown): void {
      sendToChannel(channel, { type: 'event', channel, event, data })
      // Every tab reloads on a notification, but its toast shows once per browser, in the visible tab of the channel
      // used last; with no tab visible none shows it (the service worker's system notification is for that case,
      // decision 0037). The sound goes its own way (playSound), to a hidden tab too.
      if (event === PUSH_EVENTS.NOTIFICATION_MESSAGE) {
        const tab = chooseTab(true, channel)
        if (tab) send(tab, { type: 'toast', toast: { kind: 'notification', channel, notification: data } })
      }
    },

    /** One channel event to one of its tabs only (a catch-up for the tab that just joined). */
    emitTo(tabId: string, channel: string, event: string, data: unknown): void {
      const tab = tabs.get(tabId)
      if (tab?.channels.has(channel)) send(tab, { type: 'event', channel, event, data })
    },

    sendToChannel,

    showToast(toast: HubToast): void {
      // Nobody would see a toast in a hidden tab; the status every tab receives still tells the story.
      const tab = chooseTab(true)
      if (tab) send(tab, { type: 'toast', toast })
    },

    /** One sound per browser: the visible, most recently active tab, else any tab. */
    playSound(): void {
      const tab = chooseTab(false)
      if (tab) send(tab, { type: 'playSound' })
    },

    snapshot(): Pick<HubSnapshot, 'tabs' | 'channels'> {
      return {
        tabs: [...tabs.values()].map((tab) => ({
          id: tab.id,
          visible: tab.visible,
          channels: [...tab.channels],
          prices: tab.prices,
        })),
        channels: Object.fromEntries([...channelTabs].map(([channel, ids]) => [channel, ids.size])),
      }
    },
  }
}

export type TabRegistry = ReturnType<typeof createTabRegistry>
