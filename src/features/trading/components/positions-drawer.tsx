import { ChevronDown, ChevronUp, Pencil, X } from 'lucide-react'
import { memo, type CSSProperties, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { grid, hstack, stack } from 'styled-system/patterns'
import { text as textRecipe } from 'styled-system/recipes'
import { Text } from '../../../components/ui/text'
import { LoadMoreSentinel } from '../../../components/ui/load-more-sentinel'
import { Button } from '../../../components/ui/button'
import { ResizeHandle } from '../../../components/ui/resize-handle'
import { LiveText } from '../../../components/ui/live-text'
import * as Tabs from '../../../components/ui/tabs'
import type { CloseReason, Trade } from '../../../domain/contract/trades'
import { formatSignedAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { formatPrice } from '../../../domain/format/numbers'
import { TRADE_MESSAGES } from '../../../domain/trading/messages'
import { levelsSummary } from '../../../domain/trading/position-levels'
import { formatTradeTime } from '../../../domain/trading/trade-times'
import type { LivePriceStore } from '../../../lib/live-prices'
import type { PanelSize } from '../hooks/use-panel-sizes'
import { useLiveAccountSummary } from '../hooks/use-live-pnl'
import { useLivePosition } from '../../../lib/live-account'
import { offlineShut } from './offline-shut'
import { PaneLoadError, PaneLoading, PaneNote } from './pane-note'
import { SignedAmount, SignedLiveText } from './signed-figures'

// The collapsible positions drawer (docs/product/trading-workspace.md#positions-drawer): ACTIVE POSITIONS and
// POSITIONS HISTORY, a Total Portfolio line when collapsed, more pages loaded as a sentinel scrolls into view, P/L of
// 0 or more green and negative red (with its sign, so colour is never the only cue).

const boldWords = textRecipe({ weight: 'semibold' })
const phoneOnly = css({ display: { md: 'none' } })
const wideOnly = css({ display: { base: 'none', md: 'block' } })

export type PositionsTab = 'active' | 'history'

export interface TradeListState {
  trades: readonly Trade[]
  status: 'pending' | 'error' | 'success'
  error: Error | null
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
  refetch: () => void
}

interface PositionsDrawerProps {
  store: LivePriceStore
  currency: DisplayCurrency
  open: TradeListState
  closed: TradeListState
  tab: PositionsTab
  onTabChange: (tab: PositionsTab) => void
  expanded: boolean
  onExpandedChange: (expanded: boolean) => void
  onClose: (trade: Trade) => void
  /** Opens the TP and SL dialog on a position (decision 0034); without it the rows offer Close alone. */
  onModify?: (trade: Trade) => void
  /** Opens the close-all confirmation; without it there is no 'Close all'. */
  onCloseAll?: () => void
  /** The positions' 'as of' mark while they are a stored copy or the browser is offline (decision 0021). */
  asOf?: ReactNode
  /** Set while offline: the id of the element saying why Close, Modify and Close all are shut. */
  closeDisabledBy?: string
  /** Wide screens: the drawer's height and bounds (decision 0023); without it, 16rem. */
  size?: PanelSize
  onResize?: (px: number) => void
  onResizeEnd?: () => void
}

const lots = (trade: Trade) => `${trade.qty.toFixed(2)} lot`

const row = grid({
  gridTemplateColumns: {
    base: '1fr auto',
    md: 'minmax(7rem, 1.2fr) 4rem 5rem repeat(2, minmax(6rem, 1fr)) minmax(8rem, 1fr) minmax(6rem, 1fr) 10rem',
  },
  gap: { base: '1', md: '3' },
  alignItems: 'center',
  px: '4',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  fontSize: 'sm',
})
// Both tab names whole at 390 px (decision 0018: the list scrolled to 'CTIVE POSITIONS'): smaller type on phones.
const positionsTab = css({ px: { base: '2', md: '3' }, fontSize: { base: 'xs', md: 'sm' } })
const numeric = css({ textStyle: 'price', whiteSpace: 'nowrap' })
const numericWide = cx(numeric, wideOnly)
const muted = cx(textRecipe({ tone: 'muted', size: 'xs' }), wideOnly)
// An active row on phones is a two-line card: symbol and P/L, then its levels beside Modify and Close.
const activeLevels = css({
  gridRow: { base: '2', md: 'auto' },
  gridColumn: { base: '1', md: 'auto' },
  minW: '0',
  color: 'text.muted',
  fontSize: 'xs',
})
const activePnl = css({
  gridRow: { base: '1', md: 'auto' },
  gridColumn: { base: '2', md: 'auto' },
  // The figure's box has its own width (LiveText): the cell ends at the row's right edge, over Close.
  justifySelf: { base: 'end', md: 'auto' },
})
const activeActions = hstack({
  gridRow: { base: '2', md: 'auto' },
  gridColumn: { base: '2', md: 'auto' },
  justifyContent: 'flex-end',
  gap: '2',
})

function SideBadge({ side }: { side: Trade['trade_type'] }) {
  return (
    <Box
      as="span"
      fontSize="xs"
      fontWeight="bold"
      textTransform="uppercase"
      color={side === 'buy' ? 'gain' : 'loss'}
    >
      {side}
    </Box>
  )
}

/**
 * The cells an open position's row and a closed trade's row both start with: the symbol (with the side and volume
 * beside it on a phone) over the trade's id and a note, then, on a wider screen, the side, the volume and the opening
 * price.
 */
function TradeLead({ trade, note }: { trade: Trade; note?: string | null }) {
  return (
    <>
      <div>
        <span className={boldWords}>{trade.asset_symbol}</span>{' '}
        <span className={phoneOnly}>
          <SideBadge side={trade.trade_type} /> {lots(trade)}
        </span>
        <Text as="div" tone="muted" size="xs">
          {trade.trade_id}
          {note ? ` · ${note}` : ''}
        </Text>
      </div>
      <div className={wideOnly}>
        <SideBadge side={trade.trade_type} />
      </div>
      <div className={numericWide}>{lots(trade)}</div>
      <div className={numericWide}>{formatPrice(trade.opening_price)}</div>
    </>
  )
}

const ActiveRow = memo(function ActiveRow(props: {
  trade: Trade
  store: LivePriceStore
  currency: DisplayCurrency
  onClose: (trade: Trade) => void
  onModify: ((trade: Trade) => void) | undefined
  closeDisabledBy: string | undefined
}) {
  const { trade } = props
  const live = useLivePosition(props.store, trade)
  return (
    <li className={row} data-testid={`position-row-${trade.id}`}>
      <TradeLead trade={trade} />
      <div className={wideOnly}>
        <LiveText text={formatPrice(live.closingPriceQuote)} data-testid="position-price" />
      </div>
      <div className={activeLevels} data-testid="position-levels">
        {levelsSummary(trade)}
      </div>
      <div className={cx(boldWords, activePnl)}>
        <SignedLiveText text={formatSignedAmount(live.pnlUsd, props.currency)} data-testid="position-pnl" />
      </div>
      <div className={activeActions}>
        {props.onModify ? (
          <Button
            size="xs"
            variant="outline"
            onClick={() => props.onModify?.(trade)}
            {...offlineShut(props.closeDisabledBy)}
          >
            <Pencil aria-hidden /> Modify
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="outline"
          onClick={() => props.onClose(trade)}
          aria-label={`Close ${trade.trade_type} ${trade.asset_symbol} ${lots(trade)}`}
          {...offlineShut(props.closeDisabledBy)}
        >
          <X aria-hidden /> Close
        </Button>
      </div>
    </li>
  )
})

/** Why a position closed, when it was not its owner's close. */
const CLOSE_REASON_LABELS: Record<CloseReason, string | null> = {
  user: null,
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  stop_out: 'Stop out',
}

function HistoryRow({ trade, currency }: { trade: Trade; currency: DisplayCurrency }) {
  const reason = trade.close_reason ? CLOSE_REASON_LABELS[trade.close_reason] : null
  return (
    <li className={row} data-testid={`history-row-${trade.id}`}>
      <TradeLead trade={trade} note={reason} />
      <div className={numericWide}>{formatPrice(trade.closing_price)}</div>
      <div className={muted}>{formatTradeTime(trade.close_time)}</div>
      <Box fontWeight="semibold" textAlign={{ base: 'right', md: 'left' }}>
        <SignedAmount amountUsd={trade.pnl} currency={currency} data-testid="history-pnl" />
      </Box>
      <div />
    </li>
  )
}

/** The collapsed drawer's live total: re-renders only when the total changes by a cent. */
function TotalPnl({ currency }: { currency: DisplayCurrency }) {
  const { pnl } = useLiveAccountSummary()
  return (
    <SignedLiveText
      text={formatSignedAmount(pnl, currency)}
      className={boldWords}
      data-testid="portfolio-pnl"
    />
  )
}

/** Column headings on wide screens; phones show each position as a two-line card instead. */
function HeaderRow({ priceLabel, timeLabel }: { priceLabel: string; timeLabel: string }) {
  return (
    <Box
      as="li"
      aria-hidden
      className={row}
      display={{ base: 'none', md: 'grid' }}
      py="1"
      fontSize="xs"
      color="text.muted"
      fontWeight="semibold"
    >
      <span>Symbol</span>
      <span>Type</span>
      <span>Volume</span>
      <span>Open price</span>
      <span>{priceLabel}</span>
      <span>{timeLabel}</span>
      <span>P/L</span>
      <span />
    </Box>
  )
}

function ListBody(props: {
  state: TradeListState
  empty: string
  header: ReactNode
  children: (trade: Trade) => ReactNode
}) {
  const { state } = props
  if (state.status === 'pending') {
    return <PaneLoading label="Loading positions" />
  }
  if (state.status === 'error' && state.trades.length === 0) {
    return <PaneLoadError message={state.error?.message} onRetry={state.refetch} />
  }
  if (state.trades.length === 0) {
    return <PaneNote>{props.empty}</PaneNote>
  }
  return (
    <ul>
      {props.header}
      {state.trades.map((trade) => props.children(trade))}
      {state.hasNextPage ? (
        <LoadMoreSentinel
          label="Loading more positions"
          busy={state.isFetchingNextPage}
          onVisible={() => state.isFetchingNextPage || state.fetchNextPage()}
        />
      ) : null}
    </ul>
  )
}

export function PositionsDrawer(props: PositionsDrawerProps) {
  const activeCount = props.open.trades.length
  const size = props.size
  return (
    <Flex
      as="section"
      id="positions-drawer"
      aria-label="Positions"
      // Wide screens: the height the trader dragged it to (decision 0018), through a variable the md style reads.
      style={size ? ({ '--positions-height': `${size.px}px` } as CSSProperties) : undefined}
      position="relative"
      flexDir="column"
      borderTopWidth="1px"
      borderColor="border"
      bg="bg.surface"
      minH="0"
      // A third of a phone's screen (dvh: the visible height, toolbars excluded): at 45vh the chart of a 390 x 844
      // phone was left ~200 px.
      h={props.expanded ? { base: '32dvh', md: 'var(--positions-height, 16rem)' } : 'auto'}
    >
      {props.expanded && size && props.onResize ? (
        <ResizeHandle
          orientation="horizontal"
          label="Resize the positions panel"
          controls="positions-drawer"
          size={size}
          panel="after"
          onResize={props.onResize}
          onResizeEnd={props.onResizeEnd}
          // Over the drawer's top border, so it takes no height of its own; phones keep their fixed layout.
          className={css({
            display: { base: 'none', md: 'block' },
            position: 'absolute',
            top: '0',
            insetInline: '0',
          })}
        />
      ) : null}
      <Tabs.Root
        // The tab not shown (the history, at first) renders when first opened (decision 0043).
        lazyMount
        value={props.tab}
        onValueChange={(details) => props.onTabChange(details.value as PositionsTab)}
        variant="line"
        className={stack({ gap: '0', minH: '0', flex: '1' })}
      >
        <Flex flexWrap={{ base: 'wrap', md: 'nowrap' }} alignItems="center" columnGap="2" pr="2">
          <Button
            variant="ghost"
            size="xs"
            aria-expanded={props.expanded}
            aria-controls="positions-panels"
            aria-label={props.expanded ? 'Collapse positions' : 'Expand positions'}
            onClick={() => props.onExpandedChange(!props.expanded)}
          >
            {props.expanded ? <ChevronDown aria-hidden /> : <ChevronUp aria-hidden />}
          </Button>
          {props.expanded ? (
            // Phones: the tabs keep their whole width and what follows them wraps to a line of its own.
            <Tabs.List className={css({ flex: { base: '1 0 auto', md: '1' }, overflowX: 'auto' })}>
              <Tabs.Trigger value="active" className={positionsTab}>
                ACTIVE POSITIONS ({activeCount})
              </Tabs.Trigger>
              <Tabs.Trigger value="history" className={positionsTab}>
                POSITIONS HISTORY
              </Tabs.Trigger>
            </Tabs.List>
          ) : (
            <button
              type="button"
              onClick={() => props.onExpandedChange(true)}
              className={hstack({
                flex: '1',
                gap: '3',
                py: '2',
                textAlign: 'left',
                fontSize: 'sm',
                cursor: 'pointer',
                _focusVisible: { focusVisibleRing: 'outside' },
              })}
            >
              <span className={boldWords}>Total Portfolio</span>
              <Text as="span" tone="muted">
                {activeCount} open {activeCount === 1 ? 'position' : 'positions'}
              </Text>
              <TotalPnl currency={props.currency} />
            </button>
          )}
          {/* Phones: under the tabs, so both tab names stay whole. */}
          {props.asOf ? (
            <Box pl={{ base: '10', md: '0' }} py={{ base: '1', md: '0' }}>
              {props.asOf}
            </Box>
          ) : null}
          {/* Beside the open positions it closes, not over the closed ones' history. */}
          {props.expanded && props.tab === 'active' && props.onCloseAll && activeCount > 0 ? (
            <Button
              size="xs"
              variant="outline"
              onClick={props.onCloseAll}
              {...offlineShut(props.closeDisabledBy)}
              className={css({ ml: 'auto', my: { base: '1', md: '0' }, flexShrink: 0 })}
            >
              <X aria-hidden /> Close all
            </Button>
          ) : null}
        </Flex>
        {props.expanded ? (
          <Box id="positions-panels" flex="1" minH="0" overflowY="auto">
            <Tabs.Content value="active">
              <ListBody
                state={props.open}
                empty={TRADE_MESSAGES.NO_ACTIVE_ORDERS}
                header={<HeaderRow priceLabel="Current price" timeLabel="TP / SL" />}
              >
                {(trade) => (
                  <ActiveRow
                    key={trade.id}
                    trade={trade}
                    store={props.store}
                    currency={props.currency}
                    onClose={props.onClose}
                    onModify={props.onModify}
                    closeDisabledBy={props.closeDisabledBy}
                  />
                )}
              </ListBody>
            </Tabs.Content>
            <Tabs.Content value="history">
              <ListBody
                state={props.closed}
                empty={TRADE_MESSAGES.NO_HISTORY}
                header={<HeaderRow priceLabel="Close price" timeLabel="Closed" />}
              >
                {(trade) => <HistoryRow key={trade.id} trade={trade} currency={props.currency} />}
              </ListBody>
            </Tabs.Content>
          </Box>
        ) : null}
      </Tabs.Root>
    </Flex>
  )
}
