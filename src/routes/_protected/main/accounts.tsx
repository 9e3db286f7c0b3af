import { useInfiniteQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { AccountsPage } from '../../../features/account'
import { useAssets, getAssetsQueryOptions } from '../../../features/markets'
import { PlansComparison, useDisplayCurrency } from '../../../features/marketplace'
import { useSession } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { useLeverageMap } from '../../../features/site'
import { getTradesQueryOptions } from '../../../features/trading'
import type { Trade } from '../../../domain/contract/trades'
import { livePriceStore } from '../../../lib/live-prices'
import { sessionStore } from '../../../lib/session-store'
import { useLivePriceFeed } from '../../-live-prices'
import { loadPageData } from '../../-page-data'

export const Route = createFileRoute('/_protected/main/accounts')({
  loader: ({ context }) =>
    loadPageData(context.queryClient, [getAssetsQueryOptions(), getTradesQueryOptions('open')]),
  component: Accounts,
})

const NO_TRADES: readonly Trade[] = []

/** Every open position (all pages): equity and margin over a first page only would be wrong. */
function useAllOpenTrades(): readonly Trade[] {
  const query = useInfiniteQuery(getTradesQueryOptions('open'))
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  return useMemo(() => {
    const byId = new Map<number, Trade>()
    for (const page of query.data?.pages ?? []) for (const trade of page.data) byId.set(trade.id, trade)
    return byId.size > 0 ? [...byId.values()] : NO_TRADES
  }, [query.data])
}

function Accounts() {
  const user = useSession((state) => state.user)
  const selectedAccountIndex = useSession((state) => state.selectedAccountIndex)
  const assets = useAssets()
  const leverage = useLeverageMap()
  const display = useDisplayCurrency()
  const openTrades = useAllOpenTrades()
  const [plansOpen, setPlansOpen] = useState(false)

  useLivePriceFeed(assets.data)

  if (!user) return null
  return (
    <div>
      <PageHeader
        title="Account details"
        trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Account details' }]}
        description="Your trading accounts, plan, leverage and live figures."
      />
      <AccountsPage
        user={user}
        selectedAccountIndex={selectedAccountIndex}
        onSelectAccount={(index) => sessionStore.setSelectedAccountIndex(index)}
        openTrades={openTrades}
        store={livePriceStore}
        leverage={leverage}
        currency={display.currency}
        openedAt={null}
        onOpenPlans={() => setPlansOpen(true)}
      />
      <PlansComparison
        open={plansOpen}
        onOpenChange={setPlansOpen}
        currentPlanId={user.account_type?.id ?? null}
        currency={display.currency}
      />
    </div>
  )
}
