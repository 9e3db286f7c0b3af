import { ArrowDownRight, ArrowUpRight, RefreshCw } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Box, styled } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { text as textRecipe } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { LiveText } from '../../../components/ui/live-text'
import { Surface } from '../../../components/ui/surface'
import { PriceFlashCue, priceFlashRow, usePriceFlash } from '../../../components/price-flash'
import { formatPrice, formatSignedPercent, PRICE_DECIMALS, signTone } from '../../../domain/format/numbers'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'

const figureHeader = css({ px: '3', py: '2', textAlign: 'right', fontWeight: 'medium' })

const cell = css({
  px: { base: '1.5', md: '3' },
  py: '2',
  textAlign: 'right',
  fontFamily: 'mono',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})

// Computed once: a row renders on every tick of its asset. The price flash of
// docs/product/trading-workspace.md#market-watch and the stale prices' muting are every market watch's
// (priceFlashRow): a steady tint on the prices for its 2.2 s plus a triangle by the symbol, so colour is not the only
// signal.
const row = cx(priceFlashRow, css({ borderTopWidth: '1px', borderColor: 'border' }))
const symbolHeader = css({ px: { base: '1.5', md: '3' }, py: '2', textAlign: 'left', fontWeight: 'medium' })
const symbolLine = hstack({ gap: '1' })
const assetName = css({
  // Below 768 px the four figures need the width; the symbol says enough.
  display: { base: 'none', md: 'block' },
  fontSize: 'xs',
  color: 'text.muted',
  fontWeight: 'normal',
})
const changeLine = hstack({ display: 'inline-flex', gap: '1' })

/** One row; it subscribes to its own asset, so a tick elsewhere never re-renders it. */
const MarketRow = memo(function MarketRow(props: { store: LivePriceStore; assetId: string }) {
  const live = useLiveAsset(props.store, props.assetId)
  const flash = usePriceFlash(live)
  if (!live) return null
  const { asset } = live
  const change = formatSignedPercent(asset.change_percent)
  const tone = signTone(change)
  return (
    <tr data-testid={`market-row-${asset.asset_id}`} data-flash={flash ?? undefined} className={row}>
      <th scope="row" className={symbolHeader}>
        <span className={symbolLine}>
          <PriceFlashCue direction={flash} />
          {asset.symbol_display}
        </span>
        <span className={assetName}>{asset.name}</span>
      </th>
      <td
        data-testid="bid"
        data-price=""
        // The price's server time: the tick-to-paint benchmark (tests/bench/ticks.ts) measures from it.
        data-updated-ms={Date.parse(asset.updated_at) || undefined}
        className={cell}
      >
        <LiveText text={formatPrice(asset.sell_price, PRICE_DECIMALS.WATCH_TABLE)} align="end" />
      </td>
      <td data-testid="ask" data-price="" className={cell}>
        <LiveText text={formatPrice(asset.buy_price, PRICE_DECIMALS.WATCH_TABLE)} align="end" />
      </td>
      <td data-tone={tone} className={cx(cell, textRecipe({ tone }))}>
        <span className={changeLine}>
          {tone === 'gain' ? (
            <ArrowUpRight size={14} aria-hidden="true" />
          ) : (
            <ArrowDownRight size={14} aria-hidden="true" />
          )}
          {change}
        </span>
      </td>
    </tr>
  )
})

/** What the card says in place of its table. */
function CardNote(props: { children: ReactNode }) {
  return (
    <Box as="p" px="4" pb="4" color="text.muted">
      {props.children}
    </Box>
  )
}

/**
 * A compact market watch of featured assets with live bid and ask (docs/product/trading-workspace.md#market-watch
 * columns Symbol, Bid, Ask).
 */
export function MarketWatchCard(props: {
  store: LivePriceStore
  assetIds: readonly string[]
  status: 'pending' | 'error' | 'success'
  onRetry: () => void
  live: boolean
  /** The prices' 'as of' mark while they are the last known, not live (decision 0021): said instead of 'paused'. */
  asOf?: ReactNode
}) {
  return (
    <Surface
      as="section"
      aria-labelledby="market-watch-title"
      data-prices={props.asOf ? 'stale' : 'live'}
      overflow="hidden"
    >
      <header className={hstack({ gap: '3', px: '4', py: '3' })}>
        <Box as="h2" id="market-watch-title" fontWeight="semibold" flex="1">
          Markets
        </Box>
        {props.asOf ?? (
          <Box
            as="span"
            fontSize="xs"
            color={props.live ? 'gain' : 'text.muted'}
            data-testid="market-watch-live"
          >
            {props.live ? '● Live prices' : '○ Prices paused'}
          </Box>
        )}
      </header>
      {props.status === 'pending' ? (
        <CardNote>Loading assets...</CardNote>
      ) : props.status === 'error' ? (
        <div className={hstack({ px: '4', pb: '4', gap: '3' })}>
          <Box as="p" color="loss" flex="1">
            Failed to load assets
          </Box>
          <Button size="sm" variant="outline" onClick={props.onRetry}>
            <RefreshCw size={14} aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : props.assetIds.length === 0 ? (
        <CardNote>No assets found.</CardNote>
      ) : (
        <Box overflowX="auto">
          {/* Below 640 px the figures are a size smaller: a 390 px screen then holds Bitcoin's five-figure bid and
              ask and the 24 h change without scrolling the card sideways. */}
          <Box as="table" w="full" fontSize={{ base: 'xs', sm: 'sm' }} borderCollapse="collapse">
            <thead>
              <Box as="tr" color="text.muted" fontSize="xs" textTransform="uppercase">
                <styled.th scope="col" px="3" py="2" textAlign="left" fontWeight="medium">
                  Symbol
                </styled.th>
                <th scope="col" className={figureHeader}>
                  Bid
                </th>
                <th scope="col" className={figureHeader}>
                  Ask
                </th>
                <th scope="col" className={figureHeader}>
                  24h
                </th>
              </Box>
            </thead>
            <tbody>
              {props.assetIds.map((assetId) => (
                <MarketRow key={assetId} store={props.store} assetId={assetId} />
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </Surface>
  )
}
