import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { css } from 'styled-system/css'
import { FEATURED_ASSET_IDS, MarketWatchCard, useAssets } from '../../../features/markets'
import { useDisplayCurrency } from '../../../features/marketplace'
import { livePriceStore } from '../../../lib/live-prices'
import { usePriceFeed, useRealtimeStatus } from '../../../features/realtime'
import { useSession } from '../../../features/session'
import { AccountSummaryCard, PageHeader } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/dashboard')({
  component: Dashboard,
})

function Dashboard() {
  const user = useSession((state) => state.user)
  const assets = useAssets()
  const status = useRealtimeStatus()
  const { currency } = useDisplayCurrency()

  useEffect(() => {
    if (assets.data) livePriceStore.setAssets(assets.data)
  }, [assets.data])
  usePriceFeed(assets.isSuccess, (ticks) => livePriceStore.applyBatch(ticks, Date.now()))

  const featured = useMemo(() => {
    const known = new Set(assets.data?.map((asset) => asset.asset_id))
    return FEATURED_ASSET_IDS.filter((assetId) => known.has(assetId))
  }, [assets.data])

  return (
    <div>
      <PageHeader
        title="Dashboard"
        trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Dashboard' }]}
      />
      <div className={css({ display: 'grid', gap: '6' })}>
        {user ? (
          <AccountSummaryCard
            summary={{
              name: user.name,
              accountId: user.account_id,
              balanceUsd: user.balance,
              creditUsd: user.credit_balance,
              planTitle: user.account_type?.title ?? null,
              leverage: user.account_type?.leverage ?? null,
            }}
            currency={currency}
          />
        ) : null}
        <MarketWatchCard
          store={livePriceStore}
          assetIds={featured}
          status={assets.status}
          onRetry={() => void assets.refetch()}
          live={status.prices === 'connected'}
        />
      </div>
    </div>
  )
}
