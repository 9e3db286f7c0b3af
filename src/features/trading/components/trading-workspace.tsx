import { BellPlus, PanelRightClose, PanelRightOpen, WifiOff, X } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { Text } from '../../../components/ui/text'
import { AsOfMark } from '../../../components/as-of-mark'
import { RenderAfterFirstPaint } from '../../../components/render-after-first-paint'
import { Button } from '../../../components/ui/button'
import { ResizeHandle } from '../../../components/ui/resize-handle'
import { Spinner } from '../../../components/ui/spinner'
import type { Asset } from '../../../domain/contract/assets'
import type { LeverageMap } from '../../../domain/contract/site'
import type { Trade, TradeSide } from '../../../domain/contract/trades'
import type { User } from '../../../domain/contract/user'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { withSymbolDisplay } from '../../../domain/market/symbol-display'
import { leverageFor } from '../../../domain/trading/leverage'
import { TRADE_MESSAGES } from '../../../domain/trading/messages'
import { lastKnownAt, OFFLINE_ORDER_REASON } from '../../../domain/offline/last-known'
import { whenIdleWithin } from '../../../lib/idle'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../../lib/media-query'
import { usePanelSizes } from '../hooks/use-panel-sizes'
import { PAGE_STARTED_AT_MS } from '../../../lib/offline-copies'
import { flattenTrades, useTrades } from '../api/get-trades'
import { AccountInputsContext, type AccountInputs } from '../hooks/use-live-pnl'
import { useWatchlist } from '../hooks/use-watchlist'
import { useWorkspace, workspaceStore } from '../workspace-store'
import { LiveBottomBar } from './bottom-bar'
import {
  AssetInfoDialog,
  CreateAlertDialog,
  PendingOrderDialog,
  preloadWorkspaceDialogs,
  ProfitCalculatorDialog,
  TakeProfitStopLossDialog,
} from './dialogs/lazy'
import { LeftRail, RAIL_LABELS, type RailPanel } from './left-rail'
import { OrdersPanel } from './orders-panel'
import { PaneNote } from './pane-note'
import { MarketPickerDialog, PairTabs, WorkspaceMarketWatch } from './market-watch'
import { type PositionsTab, type TradeListState } from './positions-drawer'
import { PositionsSection } from './positions-section'
import { SideMenu } from './side-menu'
import { TradeBar } from './trade-bar'
import { WorkspaceHeader } from './workspace-header'

/** The longest the dialogs' code waits for a quiet moment before it is fetched anyway. */
const DIALOGS_PRELOAD_TIMEOUT_MS = 5_000

// The MT4-style workspace of docs/product/trading-workspace.md#chart. The route composes it with what other features
// own (the chart, the calendar and news widgets, the connection indicator); everything about trading lives here.

export interface TradingWorkspaceProps {
  siteName: string
  user: User
  selectedAccountIndex: number
  onSelectAccount: (index: number) => void
  assets: { data: readonly Asset[] | undefined; status: 'pending' | 'error' | 'success'; refetch: () => void }
  store: LivePriceStore
  /**
   * The browser is offline (decision 0021): the order tickets, close and deposit stay shut with OFFLINE_ORDER_REASON,
   * and nothing is queued. The figures carry their 'as of' marks.
   */
  offline: boolean
  /** 'as of' of the prices (epoch ms; null: unknown), undefined while they are live. Muted and marked when set. */
  pricesAt: number | null | undefined
  /** 'as of' of the balance and account figures, undefined while live. */
  accountAt: number | null | undefined
  /**
   * Per-category leverage the operator set (site settings); classes absent fall through
   * (docs/product/trading-workspace.md#leverage).
   */
  categoryLeverage: Partial<LeverageMap> | null
  currency: DisplayCurrency
  currencies: readonly DisplayCurrency[]
  onCurrencyChange: (code: string) => void
  status: ReactNode
  /**
   * The active asset's chart; `asOf` is its last price's mark while prices are not live (decision 0021), `actions`
   * the buttons for its header ('Create alert').
   */
  chart: (asset: Asset, asOf: ReactNode, actions: ReactNode) => ReactNode
  calendar: ReactNode
  news: ReactNode
  /** The Algo Trader list (shown when has_marketplace is on): under the market watch, and in the side menu. */
  algoTrader?: ReactNode
  /** Opens the account plans comparison; the plan badges (header, side menu) call it. */
  onOpenPlans?: () => void
  onNavigate: (to: '/main/dashboard' | '/main/accounts' | '/main/settings') => void
  onLogout: () => void
  nowMs: () => number
}

const EMPTY_TRADES: readonly Trade[] = []

function useTradeList(
  list: 'open' | 'closed',
  loadAll: boolean,
  assets: readonly Asset[] | undefined,
): TradeListState & { dataUpdatedAt: number } {
  const query = useTrades(list)
  // What the customer reads is the asset's symbol_display, whichever spelling the order was stored with.
  const trades = useMemo(
    () => withSymbolDisplay(flattenTrades(query.data?.pages), assets),
    [query.data, assets],
  )
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  // The account figures need every open position, not the first page: a customer with more open positions than a
  // page holds must still see true equity and margin.
  useEffect(() => {
    if (loadAll && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [loadAll, hasNextPage, isFetchingNextPage, fetchNextPage])
  return {
    trades: trades.length > 0 ? trades : EMPTY_TRADES,
    dataUpdatedAt: query.dataUpdatedAt,
    status: query.status,
    error: query.error,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage: () => void fetchNextPage(),
    refetch: () => void query.refetch(),
  }
}

export function TradingWorkspace(props: TradingWorkspaceProps) {
  const { store, user } = props
  const assets = props.assets.data
  const activeAssetId = useWorkspace((state) => state.activeAssetId)
  const activePairs = useWorkspace((state) => state.activePairs)
  const activePair = useWorkspace((state) => state.activePair)
  // The active asset as listed: its identity and terms. Its live prices reach only the parts that show them (the
  // trade bar's figures, an open ticket or dialog, the chart), so a tick never re-renders the whole workspace.
  const asset = useMemo(
    () => assets?.find((candidate) => candidate.asset_id === activeAssetId) ?? null,
    [assets, activeAssetId],
  )

  useEffect(() => {
    if (assets) workspaceStore.initialise(assets)
  }, [assets])
  // The dialogs' code waits for the first paint and a quiet moment (decision 0043).
  useEffect(() => whenIdleWithin(DIALOGS_PRELOAD_TIMEOUT_MS)(() => void preloadWorkspaceDialogs()), [])

  const [railPanel, setRailPanel] = useState<RailPanel | null>(null)
  const [sidebarOpen, setSidebarOpen] = useState(true)
  const [drawerExpanded, setDrawerExpanded] = useState(true)
  // Wide screens: the positions drawer, the sidebar and its Algo Trader section are resizable (decision 0023).
  const panels = usePanelSizes()
  const sidebarSize = panels.sizeOf('sidebar')
  const algoTraderSize = panels.sizeOf('algoTrader')
  const [drawerTab, setDrawerTab] = useState<PositionsTab>('active')
  const [sideMenuOpen, setSideMenuOpen] = useState(false)
  const [pickerOpen, setPickerOpen] = useState(false)
  const [dialog, setDialog] = useState<'info' | 'calculator' | 'pending' | 'tp-sl' | null>(null)
  const [openTicket, setOpenTicket] = useState<TradeSide | null>(null)
  const [pendingSide, setPendingSide] = useState<TradeSide>('buy')
  const [levels, setLevels] = useState({ takeProfit: '', stopLoss: '' })
  // The asset a 'Create alert' dialog is open for (the chart's, or a market watch row's).
  const [alertAsset, setAlertAsset] = useState<Asset | null>(null)
  const watchlist = useWatchlist()

  const open = useTradeList('open', true, assets)
  const closed = useTradeList('closed', false, assets)

  // Decision 0021: offline, the orders are shut and say why; what shows is the last known, each part with its time.
  const offlineReasonId = useId()
  const ordersClosedBy = props.offline ? offlineReasonId : undefined
  const markOf = (at: number | null | undefined, testId: string) =>
    at === undefined ? undefined : <AsOfMark at={at} testId={testId} />
  const pricesMark = markOf(props.pricesAt, 'prices-as-of')
  // Only positions that show get a mark: none over the spinner of a list never loaded.
  const positionsMark = markOf(
    open.dataUpdatedAt > 0
      ? lastKnownAt({
          offline: props.offline,
          dataUpdatedAtMs: open.dataUpdatedAt,
          pageStartedAtMs: PAGE_STARTED_AT_MS,
        })
      : undefined,
    'positions-as-of',
  )
  const accountMark = markOf(props.accountAt, 'account-as-of')
  // Going offline shuts an open ticket or close confirmation: neither could be sent, and nothing is queued.
  const [wasOffline, setWasOffline] = useState(props.offline)
  if (props.offline !== wasOffline) {
    setWasOffline(props.offline)
    if (props.offline) {
      setOpenTicket(null)
      setDialog((current) => (current === 'pending' ? null : current))
    }
  }

  const leverage = asset
    ? leverageFor({
        type: asset.type,
        categoryLeverage: props.categoryLeverage,
        assetLeverage: asset.leverage,
        accountTypeLeverage: user.account_type?.leverage,
      })
    : leverageFor({
        type: 'forex',
        categoryLeverage: null,
        assetLeverage: null,
        accountTypeLeverage: user.account_type?.leverage,
      })

  const accountInputs = useMemo<AccountInputs>(
    () => ({
      store,
      openTrades: open.trades,
      balanceUsd: user.balance,
      creditUsd: user.credit_balance,
    }),
    [store, open.trades, user.balance, user.credit_balance],
  )

  // Stable callbacks: the memoised market watch rows, pair tabs and trade bar skip renders only if these keep
  // their identity.
  const selectAsset = useCallback((next: Asset) => {
    workspaceStore.selectAsset(next)
    setSideMenuOpen(false)
  }, [])
  const activatePair = useCallback(
    (symbolDisplay: string) => {
      const next = assets?.find((candidate) => candidate.symbol_display === symbolDisplay)
      if (next) selectAsset(next)
    },
    [assets, selectAsset],
  )
  const createAlert = useCallback((target: Asset) => setAlertAsset(target), [])
  const editTakeProfitStopLoss = useCallback(() => setDialog('tp-sl'), [])
  const showInfo = useCallback(() => setDialog('info'), [])
  const showCalculator = useCallback(() => setDialog('calculator'), [])
  const showPendingOrder = useCallback(() => {
    setPendingSide(openTicket ?? 'buy')
    setDialog('pending')
  }, [openTicket])
  const onPlaced = useCallback(() => {
    setDrawerExpanded(true)
    setDrawerTab('active')
    setLevels({ takeProfit: '', stopLoss: '' })
  }, [])
  // The trade form's TP and SL were for the next order, pending or not.
  const onOrderPlaced = useCallback(() => setLevels({ takeProfit: '', stopLoss: '' }), [])
  const toggleRail = (panel: RailPanel) => {
    setSideMenuOpen(false)
    if (panel === 'active-orders' || panel === 'trading-history') {
      setDrawerExpanded(true)
      setDrawerTab(panel === 'active-orders' ? 'active' : 'history')
    }
    setRailPanel((current) => (current === panel ? null : panel))
  }
  // A phone's layout hides the pair tabs and the market watch beside the chart: they are left out rather than
  // hidden, since a hidden subtree still renders, and those rows did on every price batch (decision 0043).
  const wideLayout = useMediaQuery(WIDE_LAYOUT_QUERY, true)
  const tabs = (
    <PairTabs
      pairs={activePairs}
      activePair={activePair}
      onActivate={activatePair}
      onClose={(pair) => workspaceStore.closePair(pair, assets ?? [])}
      onAdd={() => setPickerOpen(true)}
      panelId="workspace-chart"
    />
  )

  const sidebarToggle = (
    <Button
      variant="ghost"
      size="xs"
      iconOnly
      aria-expanded={sidebarOpen}
      aria-label={sidebarOpen ? 'Collapse market watch' : 'Expand market watch'}
      onClick={() => setSidebarOpen((value) => !value)}
    >
      {sidebarOpen ? <PanelRightClose aria-hidden /> : <PanelRightOpen aria-hidden />}
    </Button>
  )

  const marketWatch = (headerStart?: ReactNode) =>
    assets ? (
      <WorkspaceMarketWatch
        headerStart={headerStart}
        assets={assets}
        store={store}
        asOf={pricesMark}
        activeAssetId={activeAssetId}
        savedAssetIds={watchlist.saved}
        onToggleSaved={watchlist.toggle}
        onSelect={selectAsset}
        onCreateAlert={createAlert}
      />
    ) : (
      <AssetsState status={props.assets.status} onRetry={props.assets.refetch} />
    )

  const panelContent = (panel: RailPanel): ReactNode => {
    switch (panel) {
      case 'market-watch':
        return null
      case 'calendar':
        return props.calendar
      case 'market-news':
        return props.news
      case 'active-orders':
        return <OrdersPanel store={store} assets={assets} closedBy={ordersClosedBy} />
      case 'trading-history':
        return <PaneNote>Closed positions are listed under POSITIONS HISTORY below the chart.</PaneNote>
      case 'trade-room':
        return <PaneNote>{TRADE_MESSAGES.PANEL_UNDER_DEVELOPMENT}</PaneNote>
    }
  }

  return (
    <AccountInputsContext.Provider value={accountInputs}>
      <Box
        // Muted prices (the market watch's cells key on it) while they are not live.
        data-prices={props.pricesAt === undefined ? 'live' : 'stale'}
        display="grid"
        gridTemplateRows="auto minmax(0, 1fr) auto auto"
        gridTemplateColumns="minmax(0, 1fr)"
        h="100dvh"
        bg="bg.app"
        color="text"
        overflow="hidden"
      >
        <div>
          <WorkspaceHeader
            siteName={props.siteName}
            user={user}
            balanceUsd={user.balance}
            currency={props.currency}
            currencies={props.currencies}
            onCurrencyChange={props.onCurrencyChange}
            selectedAccountIndex={props.selectedAccountIndex}
            onSelectAccount={props.onSelectAccount}
            onNavigate={props.onNavigate}
            onLogout={props.onLogout}
            onOpenSideMenu={() => setSideMenuOpen(true)}
            onOpenPlans={props.onOpenPlans}
            tabs={wideLayout ? tabs : null}
            status={props.status}
            depositClosedBy={ordersClosedBy}
          />
          {props.offline ? <OfflineBanner reasonId={offlineReasonId} /> : null}
        </div>
        <Flex minH="0">
          <LeftRail active={railPanel} onToggle={toggleRail} />
          {railPanel === 'market-watch' ? (
            <Box
              position={{ base: 'absolute', md: 'static' }}
              inset={{ base: '3rem 0 0 0', md: 'auto' }}
              zIndex={{ base: 'overlay', md: 'auto' }}
              w={{ base: '100%', md: '24rem' }}
              flexShrink={0}
              borderRightWidth="1px"
              borderColor="border"
              minH="0"
            >
              {marketWatch(
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  aria-label="Close Market Watch"
                  onClick={() => setRailPanel(null)}
                >
                  <X aria-hidden />
                </Button>,
              )}
            </Box>
          ) : railPanel ? (
            <Flex
              as="aside"
              aria-label={RAIL_LABELS[railPanel]}
              position={{ base: 'absolute', md: 'static' }}
              inset={{ base: '3rem 0 0 0', md: 'auto' }}
              zIndex={{ base: 'overlay', md: 'auto' }}
              flexDir="column"
              w={{ base: '100%', md: '20rem' }}
              flexShrink={0}
              borderRightWidth="1px"
              borderColor="border"
              bg="bg.surface"
              minH="0"
            >
              <Flex alignItems="center" px="3" h="10" borderBottomWidth="1px" borderColor="border">
                <Box as="h2" flex="1" fontSize="sm" fontWeight="semibold">
                  {RAIL_LABELS[railPanel]}
                </Box>
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  aria-label={`Close ${RAIL_LABELS[railPanel]}`}
                  onClick={() => setRailPanel(null)}
                >
                  <X aria-hidden />
                </Button>
              </Flex>
              <Box flex="1" minH="0" overflow="auto">
                {panelContent(railPanel)}
              </Box>
            </Flex>
          ) : null}
          <Flex as="main" flex="1" minW="0" flexDir="column">
            <TradeBar
              store={store}
              asset={asset}
              leverage={leverage}
              currency={props.currency}
              takeProfit={levels.takeProfit}
              stopLoss={levels.stopLoss}
              asOf={pricesMark}
              ordersClosedBy={ordersClosedBy}
              openTicket={openTicket}
              onOpenTicketChange={setOpenTicket}
              onEditTakeProfitStopLoss={editTakeProfitStopLoss}
              onShowInfo={showInfo}
              onShowCalculator={showCalculator}
              onShowPendingOrder={showPendingOrder}
              onPlaced={onPlaced}
            />
            <Box
              id="workspace-chart"
              // isolate: the chart library's own z-indexes must not rise above popovers portalled to the body.
              flex="1"
              minH={{ base: '16rem', md: '0' }}
              isolation="isolate"
            >
              {asset ? (
                props.chart(
                  asset,
                  markOf(props.pricesAt, 'chart-as-of'),
                  <Button variant="outline" size="xs" onClick={() => createAlert(asset)}>
                    <BellPlus aria-hidden /> Create alert
                  </Button>,
                )
              ) : (
                <AssetsState status={props.assets.status} onRetry={props.assets.refetch} />
              )}
            </Box>
          </Flex>
          {sidebarOpen ? (
            <ResizeHandle
              orientation="vertical"
              label="Resize the market watch"
              controls="workspace-sidebar"
              size={sidebarSize}
              panel="after"
              onResize={(px) => panels.resize('sidebar', px)}
              onResizeEnd={panels.store}
              className={css({ display: { base: 'none', md: 'block' } })}
            />
          ) : null}
          <Box
            as="aside"
            id="workspace-sidebar"
            aria-label="Market watch"
            style={sidebarOpen ? { width: sidebarSize.px } : undefined}
            display={{ base: 'none', md: 'flex' }}
            flexDir="column"
            w="2.75rem"
            flexShrink={0}
            borderLeftWidth="1px"
            borderColor="border"
            bg="bg.surface"
            minH="0"
          >
            {sidebarOpen ? null : <Box p="2">{sidebarToggle}</Box>}
            {/* Left out on a phone (wideLayout), and beside the chart on a desktop: it renders after the first paint
                (decision 0043), once; closing and opening it later renders at once. */}
            <RenderAfterFirstPaint>
              {sidebarOpen && wideLayout ? (
                <Flex flex="1" minH="0" flexDir="column">
                  {/* With the market watch docked in the left rail, the Algo Trader list has the column to itself
                      rather than sitting under an empty space. */}
                  {railPanel === 'market-watch' ? null : (
                    <Box flex="1" minH="0">
                      {marketWatch(sidebarToggle)}
                    </Box>
                  )}
                  {props.algoTrader && railPanel === 'market-watch' ? (
                    <Box id="workspace-algo-trader" flex="1" minH="0" overflowY="auto">
                      {props.algoTrader}
                    </Box>
                  ) : props.algoTrader ? (
                    <>
                      <ResizeHandle
                        orientation="horizontal"
                        label="Resize the Algo Trader list"
                        controls="workspace-algo-trader"
                        size={algoTraderSize}
                        panel="after"
                        onResize={(px) => panels.resize('algoTrader', px)}
                        onResizeEnd={panels.store}
                      />
                      <Box
                        id="workspace-algo-trader"
                        style={{ height: algoTraderSize.px }}
                        flexShrink={0}
                        minH="0"
                        overflowY="auto"
                      >
                        {props.algoTrader}
                      </Box>
                    </>
                  ) : null}
                </Flex>
              ) : null}
            </RenderAfterFirstPaint>
          </Box>
        </Flex>
        <PositionsSection
          store={store}
          currency={props.currency}
          open={open}
          closed={closed}
          activeAsset={asset}
          tab={drawerTab}
          onTabChange={setDrawerTab}
          expanded={drawerExpanded}
          onExpandedChange={setDrawerExpanded}
          asOf={positionsMark}
          closeDisabledBy={ordersClosedBy}
          size={panels.sizeOf('positions')}
          onResize={(px) => panels.resize('positions', px)}
          onResizeEnd={panels.store}
        />
        <LiveBottomBar currency={props.currency} asOf={accountMark} />
      </Box>

      {/* Closed menus and dialogs: nothing of them shows at first, so they mount after the first paint (decision 0043). */}
      <RenderAfterFirstPaint>
        <SideMenu
          open={sideMenuOpen}
          onOpenChange={setSideMenuOpen}
          user={user}
          currency={props.currency}
          selectedAccountIndex={props.selectedAccountIndex}
          onSelectAccount={props.onSelectAccount}
          onOpenPanel={toggleRail}
          pairs={activePairs}
          activePair={activePair}
          onActivatePair={activatePair}
          onClosePair={(pair) => workspaceStore.closePair(pair, assets ?? [])}
          onAddPair={() => {
            setSideMenuOpen(false)
            setPickerOpen(true)
          }}
          depositClosedBy={ordersClosedBy}
          algoTrader={props.algoTrader}
          onOpenPlans={
            props.onOpenPlans &&
            (() => {
              setSideMenuOpen(false)
              props.onOpenPlans?.()
            })
          }
        />
        <MarketPickerDialog
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          assets={assets ?? []}
          store={store}
          openPairs={activePairs}
          onPick={(picked) => {
            selectAsset(picked)
            setPickerOpen(false)
          }}
        />
        {/* Offline nothing could be sent: the dialog shuts, as the order tickets do. */}
        <CreateAlertDialog
          open={alertAsset !== null && !props.offline}
          onOpenChange={(next) => {
            if (!next) setAlertAsset(null)
          }}
          asset={alertAsset}
          store={store}
        />
        {/* The dialogs follow the active asset's live prices only while one is open. */}
        <WithLiveAsset store={store} asset={asset} live={dialog !== null}>
          {(liveAsset) => (
            <>
              <AssetInfoDialog
                open={dialog === 'info'}
                onOpenChange={(next) => setDialog(next ? 'info' : null)}
                asset={liveAsset}
                leverage={leverage}
                nowMs={props.nowMs()}
              />
              <ProfitCalculatorDialog
                open={dialog === 'calculator'}
                onOpenChange={(next) => setDialog(next ? 'calculator' : null)}
                asset={liveAsset}
                leverage={leverage}
                currency={props.currency}
              />
              <PendingOrderDialog
                open={dialog === 'pending'}
                onOpenChange={(next) => setDialog(next ? 'pending' : null)}
                asset={liveAsset}
                side={pendingSide}
                onSideChange={setPendingSide}
                leverage={leverage}
                takeProfit={levels.takeProfit}
                stopLoss={levels.stopLoss}
                onMarketPlaced={onPlaced}
                onOrderPlaced={onOrderPlaced}
              />
              <TakeProfitStopLossDialog
                open={dialog === 'tp-sl'}
                onOpenChange={(next) => setDialog(next ? 'tp-sl' : null)}
                initialTakeProfit={levels.takeProfit}
                initialStopLoss={levels.stopLoss}
                referencePriceQuote={liveAsset?.rate}
                onSave={setLevels}
              />
            </>
          )}
        </WithLiveAsset>
      </RenderAfterFirstPaint>
    </AccountInputsContext.Provider>
  )
}

/** Renders its children with the asset's live prices while `live` is on; off, with the listed asset, subscribing to nothing. */
function WithLiveAsset(props: {
  store: LivePriceStore
  asset: Asset | null
  live: boolean
  children: (asset: Asset | null) => ReactNode
}) {
  const current = useLiveAsset(props.store, props.live && props.asset ? props.asset.asset_id : null)
  return props.children(current?.asset ?? props.asset)
}

/** Offline: why the orders are shut (the buttons' description points here), and what the screen shows instead. */
function OfflineBanner(props: { reasonId: string }) {
  return (
    <p
      role="status"
      data-testid="offline-banner"
      className={hstack({
        gap: '2',
        px: { base: '3', md: '4' },
        py: '1.5',
        fontSize: 'xs',
        bg: 'warning.subtle',
        color: 'text',
        borderBottomWidth: '1px',
        borderColor: 'warning.border',
      })}
    >
      <WifiOff size={14} aria-hidden="true" className={css({ flexShrink: 0, color: 'warning' })} />
      <span>
        <Text as="span" id={props.reasonId} weight="semibold">
          {OFFLINE_ORDER_REASON}
        </Text>
        <Text as="span" tone="muted">
          . Showing the last known prices and positions.
        </Text>
      </span>
    </p>
  )
}

function AssetsState(props: { status: 'pending' | 'error' | 'success'; onRetry: () => void }) {
  if (props.status === 'pending') {
    return (
      <div className={hstack({ gap: '2', justifyContent: 'center', h: '100%', p: '4', color: 'text.muted' })}>
        <Spinner /> {TRADE_MESSAGES.LOADING_ASSETS}
      </div>
    )
  }
  if (props.status === 'error') {
    return (
      <div role="alert" className={hstack({ gap: '3', justifyContent: 'center', h: '100%', p: '4' })}>
        {TRADE_MESSAGES.ASSETS_FAILED}
        <Button size="sm" variant="outline" onClick={props.onRetry}>
          Retry
        </Button>
      </div>
    )
  }
  return (
    <Box as="p" p="4" color="text.muted">
      {TRADE_MESSAGES.NO_ASSETS}
    </Box>
  )
}
