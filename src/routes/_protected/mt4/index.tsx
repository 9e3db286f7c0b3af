import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { RenderAfterFirstPaint } from '../../../components/render-after-first-paint'
import { AssetChart, preloadChart } from '../../../features/chart'
import { useAssets, getAssetsQueryOptions } from '../../../features/markets'
import { EconomicCalendar, MarketNews } from '../../../features/market-widgets'
import { AlgoTraderPanel, PlansComparison, useDisplayCurrency } from '../../../features/marketplace'
import { LiveStatus } from '../../../features/realtime'
import { loadCurrentUser, useLogout, useSession } from '../../../features/session'
import { useLeverageMap, useSettings } from '../../../features/site'
import {
  ChartLevels,
  TradingWorkspace,
  workspaceStore,
  getTradesQueryOptions,
} from '../../../features/trading'
import { object, optional, orElse, trimmedString } from '../../../domain/guard'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'
import { livePriceStore } from '../../../lib/live-prices'
import { useLivePrices } from '../../-live-prices'
import { sessionStore } from '../../../lib/session-store'
import { loadPageData } from '../../-page-data'

// A guard: a route's search schema loads before the first render of every page (src/domain/search-params.ts).
// `asset` (a feed id) opens the workspace on that asset: where a price alert's notification leads (decision 0037).
const WorkspaceSearchSchema = object({ asset: orElse(optional(trimmedString()), undefined) })

/** The MT4-style trading workspace (docs/product/trading-workspace.md#market-watch). */
export const Route = createFileRoute('/_protected/mt4/')({
  validateSearch: WorkspaceSearchSchema,
  loader: ({ context }) =>
    loadPageData(context.queryClient, [getAssetsQueryOptions(), getTradesQueryOptions('open')]),
  component: WorkspacePage,
})

function WorkspacePage() {
  const navigate = useNavigate()
  const settings = useSettings()
  const user = useSession((state) => state.user)
  const selectedAccountIndex = useSession((state) => state.selectedAccountIndex)
  const assets = useAssets()
  const leverageMap = useLeverageMap()
  const logout = useLogout()
  const display = useDisplayCurrency()
  const [plansOpen, setPlansOpen] = useState(false)
  const queryClient = useQueryClient()

  // The chart mounts once the asset list has arrived; its library and the last active asset's candles need not wait.
  useEffect(() => preloadChart(queryClient, workspaceStore.getState().activeAssetId), [queryClient])

  const { offline, pricesAt, accountAt } = useLivePrices(assets)

  // Opened on an asset (?asset=, a notification's link): that asset becomes the active one once the list is known,
  // and the address drops the parameter, so a reload keeps whatever the customer chose since.
  const { asset: assetParam } = Route.useSearch()
  useEffect(() => {
    if (!assetParam || !assets.data) return
    const wanted = assets.data.find((candidate) => candidate.asset_id === assetParam)
    if (wanted) workspaceStore.selectAsset(wanted)
    void navigate({ to: '/mt4', search: {}, replace: true })
  }, [assetParam, assets.data, navigate])

  if (!user) return null
  const openPlans = () => setPlansOpen(true)
  // The workspace mounts in a transition, after the router's synchronous render of the page (decision 0043,
  // "Seventh pass"): React renders it in slices and yields between them, where one render of 100-125 ms of a 2-core
  // machine's CPU (400-500 ms on a phone) was the start's longest task.
  return (
    <RenderAfterFirstPaint>
      <TradingWorkspace
        siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
        user={user}
        selectedAccountIndex={selectedAccountIndex}
        onSelectAccount={(index) => sessionStore.setSelectedAccountIndex(index)}
        assets={{ data: assets.data, status: assets.status, refetch: () => void assets.refetch() }}
        store={livePriceStore}
        offline={offline}
        pricesAt={pricesAt}
        accountAt={accountAt}
        categoryLeverage={leverageMap}
        currency={display.currency}
        currencies={display.currencies}
        onCurrencyChange={display.setCurrency}
        status={<LiveStatus compactBelowMd />}
        chart={(asset, asOf, actions) => (
          // The chart draws the asset's positions and orders; dragging one is confirmed by trading (decision 0034).
          <ChartLevels key={asset.asset_id} asset={asset} store={livePriceStore} readOnly={offline}>
            {(levels, onLevelDrag) => (
              <AssetChart
                assetId={asset.asset_id}
                label={asset.symbol_display}
                asOf={asOf}
                levels={levels}
                onLevelDrag={onLevelDrag}
                actions={actions}
              />
            )}
          </ChartLevels>
        )}
        calendar={<EconomicCalendar />}
        news={<MarketNews />}
        algoTrader={
          settings.data?.has_marketplace ? (
            <AlgoTraderPanel
              user={user}
              onOpenPlans={openPlans}
              onAccountChanged={() => loadCurrentUser(queryClient, { fresh: true })}
            />
          ) : undefined
        }
        onOpenPlans={openPlans}
        onNavigate={(to) => void navigate({ to })}
        onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
        nowMs={Date.now}
      />
      <PlansComparison
        open={plansOpen}
        onOpenChange={setPlansOpen}
        currentPlanId={user.account_type?.id ?? null}
        currency={display.currency}
      />
    </RenderAfterFirstPaint>
  )
}
