// What the dashboard and the /mt4 workspace share (decision 0021): the asset list feeds the live price store, the
// price feed runs as soon as a list is known (a stored copy is enough: back online, the feed brings it up to date),
// and, offline or while a stored copy shows, the prices and the account figures say how old they are.
import { useEffect } from 'react'
import type { Asset } from '../domain/contract'
import { lastKnownAt, pricesKnownAt } from '../domain/offline/last-known'
import { useConnectionState, usePriceFeed } from '../features/realtime'
import { useUserUpdatedAt } from '../features/session'
import { livePriceStore, usePricesTicked } from '../lib/live-prices'
import { PAGE_STARTED_AT_MS } from '../lib/offline-copies'

export function useLivePrices(assets: { data: readonly Asset[] | undefined; dataUpdatedAt: number }) {
  useEffect(() => {
    if (assets.data) livePriceStore.setAssets(assets.data)
  }, [assets.data])
  usePriceFeed(assets.data !== undefined, (ticks) => livePriceStore.applyBatch(ticks, Date.now()))

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
