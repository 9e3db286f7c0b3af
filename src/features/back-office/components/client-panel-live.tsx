// The customer panel's figures that move with the price feed: the account (equity, free margin, margin level and
// P/L over the open positions) and each open position's P/L. Every one is a LiveText, so a tick lays out its own box
// only; a position row re-renders when its asset ticks, the account block when a shown figure moves by a cent.
import { TrendingDown, TrendingUp, TriangleAlert } from 'lucide-react'
import { memo } from 'react'
import { css } from 'styled-system/css'
import { Box, HStack } from 'styled-system/jsx'
import { grid, hstack, visuallyHidden } from 'styled-system/patterns'
import { LiveText } from '../../../components/ui/live-text'
import { Stat } from '../../../components/ui/stat'
import type { Trade } from '../../../domain/contract/trades'
import { formatAmount, formatSignedAmount } from '../../../domain/format/currency'
import { formatPrice, signTone } from '../../../domain/format/numbers'
import { inMarginCall } from '../../../domain/trading/stop-out'
import type { LivePriceStore } from '../../../lib/live-prices'
import type { AdminClient } from '../../../domain/contract/clients'
import { useAccountSummary, useLivePosition } from '../../../lib/live-account'
import { Text } from '../../../components/ui/text'

const srOnly = visuallyHidden()
const inline = hstack({ gap: '1' })

/**
 * A profit or loss as it moves: colour, sign and an arrow, and the word for screen readers, so colour is never
 * the only signal. 0.00 reads as neither.
 */
export function SignedLivePnl(props: { amountUsd: number; testId: string; align?: 'start' | 'end' }) {
  const text = formatSignedAmount(props.amountUsd)
  const tone = signTone(text)
  const shownCents = Math.round(props.amountUsd * 100)
  const Arrow = tone === 'loss' ? TrendingDown : TrendingUp
  return (
    <HStack as="span" gap="1" justifyContent={props.align === 'end' ? 'flex-end' : 'flex-start'}>
      {shownCents !== 0 ? (
        <Arrow
          size={14}
          aria-hidden="true"
          className={css({ flexShrink: 0, color: tone === 'loss' ? 'loss' : 'gain' })}
        />
      ) : null}
      <LiveText text={text} tone={tone} data-testid={props.testId} />
      {shownCents !== 0 ? <span className={srOnly}>{tone === 'loss' ? ' loss' : ' profit'}</span> : null}
    </HStack>
  )
}

/** One of the account's amounts, as it changes with the feed. */
function AmountStat(props: { label: string; testId: string; amountUsd: number }) {
  return (
    <Stat label={props.label} data-testid={props.testId}>
      <LiveText text={formatAmount(props.amountUsd)} />
    </Stat>
  )
}

/** Equity, margin, free margin, margin level and P/L at live prices; balance as booked. */
export function LiveAccountFigures(props: {
  store: LivePriceStore
  client: Pick<AdminClient, 'balance' | 'credit_balance' | 'open_positions'>
}) {
  const { store, client } = props
  const summary = useAccountSummary(store, client.open_positions, client.balance, client.credit_balance)
  const marginCall = inMarginCall(summary.equity, summary.margin)
  return (
    <>
      <AmountStat label="Balance" testId="client-panel-balance" amountUsd={summary.balance} />
      <AmountStat label="Equity" testId="client-panel-equity" amountUsd={summary.equity} />
      <AmountStat label="Margin" testId="client-panel-margin" amountUsd={summary.margin} />
      <AmountStat label="Free margin" testId="client-panel-free-margin" amountUsd={summary.freeMargin} />
      <Stat label="Margin level" data-testid="client-panel-margin-level">
        <span className={inline}>
          <LiveText text={summary.marginLevel} tone={marginCall ? 'warning' : undefined} />
          {marginCall ? (
            <>
              <TriangleAlert
                size={12}
                aria-hidden="true"
                className={css({ flexShrink: 0, color: 'warning' })}
              />
              <span className={srOnly}>, margin call</span>
            </>
          ) : null}
        </span>
      </Stat>
      <Stat label="Open P/L" data-testid="client-panel-total-pnl">
        <SignedLivePnl amountUsd={summary.pnl} testId="client-panel-total-pnl-value" />
      </Stat>
    </>
  )
}

const lots = (trade: Trade) => `${trade.qty.toFixed(2)} ${trade.qty === 1 ? 'lot' : 'lots'}`

/** One open position: symbol, side and size, opening and live closing price, and its live P/L. */
export const LivePositionRow = memo(function LivePositionRow(props: { trade: Trade; store: LivePriceStore }) {
  const { trade } = props
  const live = useLivePosition(props.store, trade)
  const buy = trade.trade_type === 'buy'
  return (
    <li
      data-testid="client-panel-position"
      data-trade-id={trade.id}
      className={grid({
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: '3',
        rowGap: '0.5',
        py: '2.5',
        borderBottomWidth: '1px',
        borderColor: 'border.muted',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <HStack gap="2" minW="0" flexWrap="wrap">
        <Text as="span" weight="semibold" size="sm">
          {trade.asset_symbol}
        </Text>
        <Box
          as="span"
          fontSize="xs"
          lineHeight="1.125rem"
          fontWeight="bold"
          textTransform="uppercase"
          letterSpacing="wide"
          px="1.5"
          rounded="sm"
          bg={buy ? 'gain.subtle' : 'loss.subtle'}
          color={buy ? 'gain' : 'loss'}
        >
          {trade.trade_type}
        </Box>
        <Box as="span" fontSize="xs" color="text.muted" whiteSpace="nowrap">
          {lots(trade)}
        </Box>
      </HStack>
      <Text as="div" size="sm" weight="semibold">
        <SignedLivePnl amountUsd={live.pnlUsd} testId="client-panel-pnl" align="end" />
      </Text>
      <HStack gap="1.5" gridColumn="1 / -1" fontSize="xs" color="text.muted" flexWrap="wrap">
        <Box as="span" whiteSpace="nowrap">
          {trade.trade_id}
        </Box>
        <span aria-hidden="true">·</span>
        <Box as="span" textStyle="price" whiteSpace="nowrap">
          <span className={srOnly}>opened at </span>
          {formatPrice(trade.opening_price)}
        </Box>
        <span aria-hidden="true">→</span>
        <span className={srOnly}>now </span>
        <LiveText text={formatPrice(live.closingPriceQuote)} data-testid="client-panel-position-price" />
      </HStack>
    </li>
  )
})
