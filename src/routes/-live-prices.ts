// The one wiring of the tab's live prices (decision 0021): the asset list feeds the live price store, and the price
// feed runs as soon as a list is known (a stored copy is enough: back online, the feed brings it up to date). Every
// page that marks something to market (the dashboard, the workspace, the account details, the back office's client
// page and chat panel) feeds the store through useLivePriceFeed; the dashboard and the workspace also say, offline or
// while a stored copy shows, how old the prices and the account figures are (useLivePrices).
import { useEffect } from 'react'
import type { Asset } from '../domain/contract'
import { lastKnownAt, pricesKnownAt } from '../domain/offline/last-known'
import { useConnectionState, usePriceFeed } from '../features/realtime'
import { useUserUpdatedAt } from '../features/session'
import { livePriceStore, usePricesTicked } from '../lib/live-prices'
import { PAGE_STARTED_AT_MS } from '../lib/offline-copies'

/** Feeds the tab's live price store while `enabled` and the asset list is known. */
export function useLivePriceFeed(assets: readonly Asset[] | undefined, enabled = true): void {
  useEffect(() => {
    if (assets) livePriceStore.setAssets(assets)
  }, [assets])
  usePriceFeed(
    enabled && assets !== undefined,
    (ticks) => livePriceStore.applyBatch(ticks, Date.now()),
    livePriceStore,
  )
}

export function useLivePrices(assets: { data: readonly Asset[] | undefined; dataUpdatedAt: number }) {
  useLivePriceFeed(assets.data)

  const offline = useConnectionState() === 'offline'
  const ticked = usePricesTicked(livePriceStore)
  const userUpdatedAt = useUserUpdatedAt()
  return {
    offline,
    pricesAt: pricesKnownAt({
      offline,
      lastTickAtMs: ticked ? livePriceStore.lastTickAtMs() : 0,
      assetsUpdatedAtMs: assets.dataUpdatedAt,
      pageStartedAtMs: PAGE_STARTED_AT_MS,
    }),
    accountAt: lastKnownAt({ offline, dataUpdatedAtMs: userUpdatedAt, pageStartedAtMs: PAGE_STARTED_AT_MS }),
  }
}
