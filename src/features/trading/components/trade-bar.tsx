import { Calculator, Clock, Info } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { text as textRecipe } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { LiveText } from '../../../components/ui/live-text'
import * as Popover from '../../../components/ui/popover'
import type { Asset } from '../../../domain/contract/assets'
import type { Trade, TradeSide } from '../../../domain/contract/trades'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { formatPrice, formatSignedPercent, PRICE_DECIMALS } from '../../../domain/format/numbers'
import { offlineShut } from './offline-shut'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { SignedLiveText } from './signed-figures'
import { TradeTicket } from './trade-ticket'

// The strip over the chart: the active asset, its information, the profit calculator and pending order dialogs,
// and the Sell and Buy popovers holding the order ticket (docs/product/orders-and-alerts.md#order-ticket). The bar
// itself renders when the active asset or a ticket changes; a tick re-renders only the figures that show prices (and
// the open ticket), each subscribed to the active asset in the live store, so a busy feed does not rebuild the
// popovers and buttons.

export interface TradeBarProps {
  store: LivePriceStore
  /** The active asset as listed (identity, terms); its live prices come from the store. */
  asset: Asset | null
  leverage: number
  currency: DisplayCurrency
  takeProfit: string
  stopLoss: string
  /** The prices' 'as of' mark while they are not live (decision 0021): shown instead of the change. */
  asOf?: ReactNode
  /** Set while offline: the id of the element saying why the tickets are shut (their accessible description). */
  ordersClosedBy?: string
  openTicket: TradeSide | null
  onOpenTicketChange: (side: TradeSide | null) => void
  onEditTakeProfitStopLoss: () => void
  onShowInfo: () => void
  onShowCalculator: () => void
  onShowPendingOrder: () => void
  onPlaced: (trade: Trade) => void
}

// Computed once: the price renders on every tick of the active asset.
const tradePriceSize = textRecipe({ size: 'md' })

/** The live asset, or the listed one until the store knows it. */
function useActiveAsset(store: LivePriceStore, asset: Asset | null): Asset | null {
  const live = useLiveAsset(store, asset?.asset_id ?? null)
  return live?.asset ?? asset
}

function LiveTradePrice(props: { store: LivePriceStore; asset: Asset | null; side: TradeSide }) {
  const asset = useActiveAsset(props.store, props.asset)
  const price = asset ? (props.side === 'buy' ? asset.buy_price : asset.sell_price) : null
  return (
    <LiveText
      text={price === null ? '—' : formatPrice(price, PRICE_DECIMALS.TRADE_BUTTON)}
      align="center"
      className={tradePriceSize}
      data-testid={`${props.side}-price`}
    />
  )
}

function LiveChangePercent(props: { store: LivePriceStore; asset: Asset }) {
  const asset = useActiveAsset(props.store, props.asset) ?? props.asset
  return <SignedLiveText text={formatSignedPercent(asset.change_percent)} />
}

function LiveTradeTicket(props: TradeBarProps & { side: TradeSide }) {
  const asset = useActiveAsset(props.store, props.asset)
  return (
    <TradeTicket
      side={props.side}
      asset={asset}
      leverage={props.leverage}
      currency={props.currency}
      takeProfit={props.takeProfit}
      stopLoss={props.stopLoss}
      onEditTakeProfitStopLoss={props.onEditTakeProfitStopLoss}
      onPlaced={(trade) => {
        props.onOpenTicketChange(null)
        props.onPlaced(trade)
      }}
    />
  )
}

function TicketPopover(props: TradeBarProps & { side: TradeSide }) {
  const { side, asset } = props
  const label = side === 'buy' ? 'Buy' : 'Sell'
  const closed = props.ordersClosedBy !== undefined
  return (
    <Popover.Root
      open={!closed && props.openTicket === side}
      onOpenChange={(details) => props.onOpenTicketChange(details.open ? side : null)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button
          variant={side === 'buy' ? 'gain' : 'loss'}
          size="md"
          data-testid={`open-${side}-ticket`}
          // Decision 0021: shut offline, saying why (description and tooltip); the last price stays readable.
          {...offlineShut(props.ordersClosedBy)}
          className={css({
            flexDirection: 'column',
            gap: '0',
            h: '11',
            minW: { base: '0', md: '8.5rem' },
            flex: { base: '1', md: '0' },
          })}
        >
          <Box as="span" fontSize="2xs" fontWeight="bold" letterSpacing="wider">
            {label.toUpperCase()}
          </Box>
          <LiveTradePrice store={props.store} asset={asset} side={side} />
        </Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content aria-label={`${label} order`}>
          <Popover.Title>
            {label} {asset?.symbol_display ?? ''}
          </Popover.Title>
          <Popover.CloseTrigger />
          <LiveTradeTicket {...props} />
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  )
}

/** Memoised: give it stable callbacks and it renders only when its inputs change, never per tick. */
export const TradeBar = memo(function TradeBar(props: TradeBarProps) {
  const { asset } = props
  return (
    // Wraps at every width: on a desktop with the market watch docked in the rail beside the sidebar, the column
    // left to the bar is narrower than the symbol, the tools and both tickets, whose buttons then take a row of their
    // own instead of running over the sidebar.
    <Flex
      flexWrap="wrap"
      alignItems="center"
      gap="2"
      px={{ base: '2', md: '3' }}
      py="2"
      borderBottomWidth="1px"
      borderColor="border"
      bg="bg.surface"
    >
      {/* Wide screens with a rail panel open leave the bar 440-530 px: the symbol keeps one line rather than break. */}
      <Box minW={{ base: '0', md: '5rem' }} flex="1">
        <Box as="h1" fontSize="md" fontWeight="bold" lineHeight="1.2" truncate data-testid="active-asset">
          {asset?.symbol_display ?? 'No asset'}
        </Box>
        {asset ? (
          <Flex as="p" gap="1" fontSize="xs" color="text.muted" minW="0">
            <Box as="span" truncate>
              {asset.name} ·
            </Box>
            {props.asOf ?? <LiveChangePercent store={props.store} asset={asset} />}
          </Flex>
        ) : (
          <Box as="p" fontSize="xs" color="text.muted" truncate>
            Choose a market to trade
          </Box>
        )}
      </Box>
      <Flex gap="1">
        <Button variant="ghost" size="sm" iconOnly aria-label="Asset information" onClick={props.onShowInfo}>
          <Info aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label="Profit calculator"
          onClick={props.onShowCalculator}
        >
          <Calculator aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label="Pending order"
          onClick={props.onShowPendingOrder}
          // Offline an order could not be sent: shut as the tickets are, saying why (decision 0021).
          {...offlineShut(props.ordersClosedBy)}
        >
          <Clock aria-hidden />
        </Button>
      </Flex>
      <Flex gap="2" w={{ base: '100%', md: 'auto' }} ml={{ md: 'auto' }}>
        <TicketPopover {...props} side="sell" />
        <TicketPopover {...props} side="buy" />
      </Flex>
    </Flex>
  )
})
