import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { AsOfMark } from '../../../components/as-of-mark'
import { RecentTransactions, getTransactionsQueryOptions } from '../../../features/funds'
import {
  FEATURED_ASSET_IDS,
  MarketWatchCard,
  useAssets,
  getAssetsQueryOptions,
} from '../../../features/markets'
import { useDisplayCurrency } from '../../../features/marketplace'
import { livePriceStore } from '../../../lib/live-prices'
import { useLivePrices } from '../../-live-prices'
import { useRealtimeStatus } from '../../../features/realtime'
import { useSession } from '../../../features/session'
import { AccountSummaryCard, PageHeader } from '../../../features/shell'
import { loadPageData } from '../../-page-data'

export const Route = createFileRoute('/_protected/main/dashboard')({
  loader: ({ context }) =>
    loadPageData(context.queryClient, [getAssetsQueryOptions(), getTransactionsQueryOptions({})]),
  component: Dashboard,
})

function Dashboard() {
  const user = useSession((state) => state.user)
  const assets = useAssets()
  const status = useRealtimeStatus()
  const { currency } = useDisplayCurrency()

  const { pricesAt, accountAt } = useLivePrices(assets)

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
            asOf={accountAt === undefined ? undefined : <AsOfMark at={accountAt} testId="account-as-of" />}
          />
        ) : null}
        <RecentTransactions currency={currency} />
        <MarketWatchCard
          store={livePriceStore}
          assetIds={featured}
          // A stored copy shows even when the request for a fresh list failed.
          status={assets.data ? 'success' : assets.status}
          onRetry={() => void assets.refetch()}
          live={status.prices === 'connected'}
          asOf={pricesAt === undefined ? undefined : <AsOfMark at={pricesAt} testId="prices-as-of" />}
        />
      </div>
    </div>
  )
}
