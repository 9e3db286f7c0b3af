// The hub's API as tabs see it over Comlink (squoosh pattern): a plain object whose type the page imports
// type-only through src/lib/realtime-client.ts, so no worker code reaches the page bundle.
import { releaseProxy, type Remote } from 'comlink'
import type { Hub } from './hub'
import type { HubConfig, HubSnapshot, HubStatus, TabInit, TabSink } from './protocol'

export function createHubApi(hub: Hub) {
  return {
    /** `sink` arrives as a Comlink proxy of the tab's callback; the hub calls it and never awaits it. */
    register(tabId: string, sink: TabSink, init: TabInit): void {
      const remote = sink as Remote<TabSink>
      // Closes the tab's callback port once the hub forgets the tab; for a dead tab the close never completes,
      // which costs nothing.
      const release = () => {
        if (typeof remote[releaseProxy] === 'function') remote[releaseProxy]()
      }
      hub.register(tabId, sink, init, release)
    },
    unregister(tabId: string): void {
      hub.unregister(tabId)
    },
    configure(config: HubConfig): void {
      hub.configure(config)
    },
    signOut(): void {
      hub.signOut()
    },
    subscribe(tabId: string, channel: string): void {
      hub.subscribe(tabId, channel)
    },
    unsubscribe(tabId: string, channel: string): void {
      hub.unsubscribe(tabId, channel)
    },
    subscribePrices(tabId: string): void {
      hub.subscribePrices(tabId)
    },
    unsubscribePrices(tabId: string): void {
      hub.unsubscribePrices(tabId)
    },
    /** The assets whose prices the tab shows now (its `unwatchedHoldMs` holds the others); null: all alike. */
    watchPrices(tabId: string, assetIds: readonly string[] | null): void {
      hub.watchPrices(tabId, assetIds)
    },
    setVisible(tabId: string, visible: boolean): void {
      hub.setVisible(tabId, visible)
    },
    markActive(tabId: string): void {
      hub.markActive(tabId)
    },
    online(): void {
      hub.online()
    },
    getStatus(): HubStatus {
      return hub.getStatus()
    },
    inspect(): HubSnapshot {
      return hub.inspect()
    },
    /** The push service's round trip in ms, or null (the connection test). */
    ping(): Promise<number | null> {
      return hub.ping()
    },
  }
}

export type RealtimeApi = ReturnType<typeof createHubApi>

export type {
  ConnectionToast,
  HubConfig,
  HubSnapshot,
  HubStatus,
  HubToast,
  NotificationToast,
  PresenceMember,
  PresenceMembers,
  PriceBatchHold,
  TabInit,
  TabMessage,
  TabSink,
  ToastKind,
} from './protocol'
