// The /mt4 right sidebar's market watch (docs/product/trading-workspace.md#market-watch): Symbol, Bid, Ask with 3
// decimals, grouped by asset type, a collapsed search, All / Watchlist, a star per row. Presentational: the workspace
// owns the watchlist and the active asset. Each row subscribes to its own asset in the live store, so a tick
// re-renders that row only. Only the rows in view (and a few either side) are in the document: the ~100 rows of the
// full list made Chromium record and walk the whole table's display list on every frame a price changed
// (tests/bench/README.md, decision 0016).
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { BellPlus, EllipsisVertical, Search, Star, X } from 'lucide-react'
import {
  memo,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { css, cx } from 'styled-system/css'
import { center, grid, hstack } from 'styled-system/patterns'
import { Box, Flex, styled, VisuallyHidden, Wrap } from 'styled-system/jsx'
import { IconButton } from '../../../../components/ui/button'
import { LiveText } from '../../../../components/ui/live-text'
import * as Menu from '../../../../components/ui/menu'
import { SearchField } from '../../../../components/ui/search-field'
import { ToggleGroup, type ToggleOption } from '../../../../components/ui/toggle-group'
import { ASSET_TYPES, type Asset, type AssetType } from '../../../../domain/contract/assets'
import { formatPrice, PRICE_DECIMALS } from '../../../../domain/format/numbers'
import { searchAssets } from '../../../../domain/market/asset-search'
import { useInViewport } from '../../../../lib/in-viewport'
import { rootFontSizePx } from '../../../../lib/root-font-size'
import { useLiveAsset, type LivePriceStore } from '../../../../lib/live-prices'
import { PaneNote } from '../pane-note'
import { ASSET_TYPE_LABELS } from '../../../../domain/market/asset-types'
import { PriceFlashCue, priceFlashRow, usePriceFlash } from '../../../../components/price-flash'
import { TRADE_MESSAGES } from '../../../../domain/trading/messages'

const figureHeader = css({ px: '1.5', textAlign: 'right', fontWeight: 'medium' })

export interface WorkspaceMarketWatchProps {
  assets: readonly Asset[]
  store: LivePriceStore
  activeAssetId: string | null
  /** asset_id of the saved assets (docs/product/data-model.md#watchlist). */
  savedAssetIds: ReadonlySet<string>
  onToggleSaved: (assetId: string) => void
  onSelect: (asset: Asset) => void
  /** The row menu's 'Create alert' (decision 0037); without it the rows have no menu. */
  onCreateAlert?: (asset: Asset) => void
  /** Shown before the heading, e.g. the sidebar's collapse button. */
  headerStart?: ReactNode
  /** The prices' 'as of' mark while they are not live (decision 0021), under the heading. */
  asOf?: ReactNode
}

type View = 'all' | 'watchlist'

const priceCell = css({
  // Shrinks to its figures; the symbol column takes the rest and truncates first.
  w: '1%',
  px: '1.5',
  textAlign: 'right',
  fontFamily: 'mono',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})

// Row heights, fixed, in rem like the text and buttons inside them (a reader's larger default font grows them all):
// the virtualiser places rows by these, converted to px once, and never measures one (a measurement is a layout).
const HEAD_ROW_REM = 1.75
const GROUP_ROW_REM = 1.75
const ASSET_ROW_REM = 2
// Rows rendered beyond each edge of the view: enough that a wheel step or a Tab to the next row finds it mounted.
const OVERSCAN_ROWS = 6

// Each row its own paint layer with the flash and stale styles of every market watch (priceFlashRow): a tick
// repaints its row, and Chromium reuses the others' cached paint instead of re-recording the whole scrolled table
// every frame (it was a third of the main thread's frame time; the fading flash it replaced cost this table more
// main-thread time than all its React renders together, tests/bench/README.md).
const row = cx(
  priceFlashRow,
  css({
    cursor: 'pointer',
    borderTopWidth: '1px',
    borderColor: 'border.muted',
    _hover: { bg: 'bg.hover' },
    // The active row: tinted and with an accent bar on its leading edge (shape as well as colour).
    '&[data-active]': { bg: 'bg.raised', boxShadow: 'inset 2px 0 0 var(--colors-accent)' },
  }),
)

// The row's classes, computed once: a row renders on every tick of its asset, and css() is not free.
const symbolHeader = css({ w: '100%', maxW: '0', pl: '1', pr: '1', textAlign: 'left', fontWeight: 'medium' })
const symbolGrid = grid({ gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center', gap: '1' })
const symbolButton = css({
  minW: '0',
  textAlign: 'left',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 'sm',
  cursor: 'pointer',
  rounded: 'sm',
  px: '1',
  focusVisibleRing: 'inside',
  '[data-active] &': { fontWeight: 'semibold' },
})
const starCell = css({ w: '8', textAlign: 'center' })
const menuCell = css({ w: '7', pr: '1', textAlign: 'center' })
const starButton = center({
  inline: true,
  w: '7',
  h: '7',
  rounded: 'sm',
  color: 'text.muted',
  cursor: 'pointer',
  _hover: { color: 'text.default', bg: 'bg.hover' },
  focusVisibleRing: 'inside',
  '&[aria-pressed=true]': { color: 'warning' },
})

const VIEW_OPTIONS: readonly ToggleOption<View>[] = [
  { value: 'all', label: 'All' },
  { value: 'watchlist', label: 'Watchlist' },
]

interface RowProps {
  store: LivePriceStore
  asset: Asset
  /** aria-rowindex: the row's place in the whole table, of which only a window is in the document. */
  rowIndex: number
  /** The price cells' min-width (CSS): the widest price of the whole list, not only of the rows in the document. */
  priceMinWidth: string
  active: boolean
  saved: boolean
  onToggleSaved: (assetId: string) => void
  onSelect: (asset: Asset) => void
  onCreateAlert: ((asset: Asset) => void) | undefined
}

/**
 * A row's menu (decision 0037: 'Create alert'). Memoised apart from the row, which renders on every tick of its
 * asset: the menu's props never change with a price, so a tick never reaches its machine. Its content mounts on
 * the first opening.
 */
const RowMenu = memo(function RowMenu(props: { asset: Asset; onCreateAlert: (asset: Asset) => void }) {
  const { asset, onCreateAlert } = props
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      onSelect={(details) => {
        if (details.value === 'create-alert') onCreateAlert(asset)
      }}
    >
      <Menu.Trigger asChild>
        <button type="button" aria-label={`Actions for ${asset.symbol_display}`} className={starButton}>
          <EllipsisVertical size={14} aria-hidden="true" />
        </button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          <Menu.Item value="create-alert">
            <BellPlus aria-hidden="true" /> Create alert
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
})

// The menu's clicks (its content is portalled, but React bubbles them through the row) never select the row.
const stopClick = (event: MouseEvent) => event.stopPropagation()

const WatchRow = memo(function WatchRow({
  store,
  asset: seed,
  rowIndex,
  priceMinWidth,
  active,
  saved,
  onToggleSaved,
  onSelect,
  onCreateAlert,
}: RowProps) {
  const rowRef = useRef<HTMLTableRowElement>(null)
  // A row out of sight (scrolled away, or the sidebar hidden) stops re-rendering for ticks; it catches up on return.
  const onScreen = useInViewport(rowRef)
  const live = useLiveAsset(store, seed.asset_id, { paused: !onScreen })
  const flash = usePriceFlash(live, !onScreen)
  // The store may not know the asset yet (seeded after the list): show the list's own prices meanwhile.
  const asset = live?.asset ?? seed
  const select = () => onSelect(seed)
  // A click anywhere on the row selects it (a pointer convenience); the symbol button is the keyboard path and the
  // star is its own action.
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('button')) return
    select()
  }
  return (
    <tr
      ref={rowRef}
      data-testid={`watch-row-${seed.asset_id}`}
      aria-rowindex={rowIndex}
      style={{ height: `${ASSET_ROW_REM}rem` }}
      data-active={active ? '' : undefined}
      data-flash={flash ?? undefined}
      className={row}
      onClick={onRowClick}
    >
      {/* width 100% with max-width 0: the column takes the space the prices leave and its text truncates. */}
      <th scope="row" className={symbolHeader}>
        {/* A grid whose text track may shrink to 0, so a long symbol truncates instead of widening the table. */}
        <span className={symbolGrid}>
          <PriceFlashCue direction={flash} />
          <button
            type="button"
            aria-current={active ? 'true' : undefined}
            title={asset.name}
            onClick={select}
            className={symbolButton}
          >
            {asset.symbol_display}
          </button>
        </span>
      </th>
      {/* data-updated-ms: when the feed stamped this price, for the tick-to-paint benchmark. */}
      <td
        data-testid={`watch-bid-${seed.asset_id}`}
        data-price=""
        data-updated-ms={Date.parse(asset.updated_at) || undefined}
        className={priceCell}
        style={{ minWidth: priceMinWidth }}
      >
        <LiveText text={formatPrice(asset.sell_price, PRICE_DECIMALS.WATCH_TABLE)} align="end" />
      </td>
      <td
        data-testid={`watch-ask-${seed.asset_id}`}
        data-price=""
        className={priceCell}
        style={{ minWidth: priceMinWidth }}
      >
        <LiveText text={formatPrice(asset.buy_price, PRICE_DECIMALS.WATCH_TABLE)} align="end" />
      </td>
      <td className={starCell}>
        <button
          type="button"
          aria-pressed={saved}
          aria-label={`${saved ? 'Remove' : 'Add'} ${asset.symbol_display} ${saved ? 'from' : 'to'} watchlist`}
          onClick={() => onToggleSaved(seed.asset_id)}
          className={starButton}
        >
          {/* Saved: a filled star, not only a coloured one. */}
          <Star size={14} aria-hidden="true" fill={saved ? 'currentColor' : 'none'} />
        </button>
      </td>
      {onCreateAlert ? (
        <td className={menuCell} onClick={stopClick}>
          <RowMenu asset={seed} onCreateAlert={onCreateAlert} />
        </td>
      ) : null}
    </tr>
  )
})

/** The table's rows below its head, in order: each asset type's heading, then its assets. */
type WatchItem = { kind: 'group'; type: AssetType } | { kind: 'asset'; type: AssetType; asset: Asset }

function watchItems(assets: readonly Asset[]): WatchItem[] {
  const groups = new Map<AssetType, Asset[]>()
  for (const asset of assets) {
    const group = groups.get(asset.type)
    if (group) group.push(asset)
    else groups.set(asset.type, [asset])
  }
  return ASSET_TYPES.flatMap((type): WatchItem[] => {
    const group = groups.get(type)
    if (!group) return []
    return [{ kind: 'group', type }, ...group.map((asset): WatchItem => ({ kind: 'asset', type, asset }))]
  })
}

const itemKey = (item: WatchItem) => (item.kind === 'group' ? `group-${item.type}` : item.asset.asset_id)

// A row per asset type, each a <th>: a class computed once, not a styled element per row scrolled in.
const groupHeader = css({
  px: '2',
  textAlign: 'left',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: 'wide',
  textTransform: 'uppercase',
  color: 'text.muted',
  bg: 'bg.app',
})

/**
 * The collapsed search of docs/product/trading-workspace.md#market-watch: an icon button that opens into an input;
 * Escape closes and clears it.
 */
function CollapsedSearch(props: { query: string; onQueryChange: (query: string) => void }) {
  const [open, setOpen] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)

  const close = (refocus: boolean) => {
    props.onQueryChange('')
    setOpen(false)
    // The open button replaces the input again; focus goes back to it so keyboard users are not dropped.
    if (refocus) requestAnimationFrame(() => openButton.current?.focus())
  }

  if (!open) {
    return (
      <IconButton
        ref={openButton}
        size="xs"
        aria-label="Search assets"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <Search aria-hidden="true" />
      </IconButton>
    )
  }
  return (
    <div
      role="search"
      // Its own row under the title, so the field gets the sidebar's full width.
      className={hstack({ gap: '1', flexBasis: '100%', minW: '0' })}
    >
      <SearchField
        label="Search assets"
        hideLabel
        size="sm"
        flex="1"
        minW="0"
        // The user just asked for the field by pressing the search button.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        placeholder="Name or symbol"
        value={props.query}
        onValueChange={props.onQueryChange}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            close(true)
          }
        }}
        onBlur={() => {
          if (props.query === '') setOpen(false)
        }}
      />
      <IconButton size="xs" aria-label="Close search" onClick={() => close(true)}>
        <X aria-hidden="true" />
      </IconButton>
    </div>
  )
}

/**
 * Stands in for rows outside the window (above it, below it, or between it and a focused row kept mounted), so the
 * scrollbar and the scroll position are the whole list's.
 */
function SpacerRow(props: { heightPx: number; columns: number }) {
  return (
    <tr aria-hidden="true" style={{ height: props.heightPx }}>
      <styled.td colSpan={props.columns} p="0" />
    </tr>
  )
}

/** The title line: heading, All / Watchlist and the search. Memoised: the list's scrolling never re-renders it. */
const WatchHeader = memo(function WatchHeader(props: {
  headingId: string
  headerStart: ReactNode
  view: View
  onViewChange: (view: View) => void
  query: string
  onQueryChange: (query: string) => void
}) {
  const { view, onViewChange } = props
  return (
    <Wrap
      as="header"
      alignItems="center"
      gap="2"
      px="2"
      py="1.5"
      borderBottomWidth="1px"
      borderColor="border"
    >
      {props.headerStart}
      <Box
        as="h2"
        id={props.headingId}
        fontSize="sm"
        fontWeight="semibold"
        flex="1"
        minW="0"
        whiteSpace="nowrap"
      >
        Market Watch
      </Box>
      <ToggleGroup
        variant="enclosed"
        label="Show"
        options={VIEW_OPTIONS}
        value={view}
        onValueChange={onViewChange}
      />
      <CollapsedSearch query={props.query} onQueryChange={props.onQueryChange} />
    </Wrap>
  )
})

/** The sticky column heads. Memoised: the list's scrolling never re-renders them. */
const WatchHead = memo(function WatchHead(props: { withActions: boolean }) {
  return (
    <Box
      as="thead"
      position="sticky"
      top="0"
      zIndex="docked"
      bg="bg.surface"
      color="text.muted"
      fontSize="xs"
      textTransform="uppercase"
    >
      <tr aria-rowindex={1} style={{ height: `${HEAD_ROW_REM}rem` }}>
        <styled.th scope="col" pl="5" textAlign="left" fontWeight="medium">
          Symbol
        </styled.th>
        <th scope="col" className={figureHeader}>
          Bid
        </th>
        <th scope="col" className={figureHeader}>
          Ask
        </th>
        <styled.th scope="col" w="8">
          <VisuallyHidden as="span">Watchlist</VisuallyHidden>
        </styled.th>
        {props.withActions ? (
          <styled.th scope="col" w="7">
            <VisuallyHidden>Actions</VisuallyHidden>
          </styled.th>
        ) : null}
      </tr>
    </Box>
  )
})

export function WorkspaceMarketWatch(props: WorkspaceMarketWatchProps) {
  const { assets, savedAssetIds } = props
  const [view, setView] = useState<View>('all')
  const [query, setQuery] = useState('')
  const headingId = useId()
  // Symbol, Bid, Ask, the star, and the row menu when there is one.
  const columns = props.onCreateAlert ? 5 : 4

  const items = useMemo(() => {
    const inView = view === 'watchlist' ? assets.filter((asset) => savedAssetIds.has(asset.asset_id)) : assets
    return watchItems(searchAssets(inView, query))
  }, [assets, savedAssetIds, view, query])

  // Every price cell reserves the width of the list's widest price (as listed, plus one character for a price that
  // gains a digit): with only a window of rows in the document, the columns would otherwise change width as the list
  // scrolls from forex (1.085) to crypto (97,412.759).
  const priceMinWidth = useMemo(() => {
    let widestChars = 0
    for (const asset of assets) {
      for (const price of [asset.sell_price, asset.buy_price]) {
        widestChars = Math.max(widestChars, formatPrice(price, PRICE_DECIMALS.WATCH_TABLE).length)
      }
    }
    // The cell's padding (px 1.5 each side) counts in its min-width.
    return `calc(${widestChars + 1}ch + 0.75rem)`
  }, [assets])

  const scrollRef = useRef<HTMLDivElement | null>(null)
  const [remPx] = useState(rootFontSizePx)
  const headRowPx = HEAD_ROW_REM * remPx
  // The row holding keyboard focus stays mounted when the list scrolls away from it: unmounting it would drop focus
  // to the page and the keyboard user's place with it.
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null)
  const estimateSize = useCallback(
    (index: number) => (items[index]?.kind === 'group' ? GROUP_ROW_REM : ASSET_ROW_REM) * remPx,
    [items, remPx],
  )
  const getItemKey = useCallback((index: number) => (items[index] ? itemKey(items[index]) : index), [items])
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (focusedIndex === null || focusedIndex >= range.count || indexes.includes(focusedIndex))
        return indexes
      return [...indexes, focusedIndex].sort((a, b) => a - b)
    },
    [focusedIndex],
  )
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's functions are read during render by design
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    // The sticky column heads sit above the first row, inside the scroller.
    paddingStart: headRowPx,
    overscan: OVERSCAN_ROWS,
  })

  // The body, top to bottom: each rendered row, and a spacer wherever rows are left out.
  const bodyRows: (
    { kind: 'row'; item: WatchItem; index: number } | { kind: 'space'; key: string; px: number }
  )[] = []
  let coveredToPx = headRowPx
  for (const virtualRow of virtualizer.getVirtualItems()) {
    const item = items[virtualRow.index]
    if (!item) continue
    // Sub-pixel differences are rounding, not missing rows.
    if (virtualRow.start - coveredToPx > 0.5) {
      bodyRows.push({
        kind: 'space',
        key: `space-before-${virtualRow.index}`,
        px: virtualRow.start - coveredToPx,
      })
    }
    bodyRows.push({ kind: 'row', item, index: virtualRow.index })
    coveredToPx = virtualRow.end
  }
  const totalPx = virtualizer.getTotalSize()
  if (totalPx - coveredToPx > 0.5)
    bodyRows.push({ kind: 'space', key: 'space-after', px: totalPx - coveredToPx })

  const rowIndexOf = (element: Element | null) => {
    const rowIndex = Number(element?.closest('tr[aria-rowindex]')?.getAttribute('aria-rowindex'))
    return Number.isInteger(rowIndex) && rowIndex >= 2 ? rowIndex - 2 : null
  }
  const onBodyFocus = (event: FocusEvent<HTMLTableSectionElement>) =>
    setFocusedIndex(rowIndexOf(event.target))
  const onBodyBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusedIndex(null)
  }

  const emptyText =
    query.trim() !== ''
      ? TRADE_MESSAGES.NO_ASSETS
      : view === 'watchlist'
        ? 'Your watchlist is empty. Star a market to add it.'
        : TRADE_MESSAGES.NO_ASSETS

  return (
    <Flex
      as="section"
      aria-labelledby={headingId}
      flexDir="column"
      h="100%"
      minH="0"
      bg="bg.surface"
      color="text.default"
    >
      <WatchHeader
        headingId={headingId}
        headerStart={props.headerStart}
        view={view}
        onViewChange={setView}
        query={query}
        onQueryChange={setQuery}
      />
      {props.asOf ? (
        <Box px="3" py="1" borderBottomWidth="1px" borderColor="border">
          {props.asOf}
        </Box>
      ) : null}
      {/* Positioned, so the rows' visually hidden text is laid out inside the scroller, not against the page. */}
      <div
        ref={scrollRef}
        className={css({
          position: 'relative',
          flex: '1',
          minH: '0',
          overflow: 'auto',
          overscrollBehavior: 'contain',
        })}
        // A row focused by Tab scrolls into view below the sticky column heads, not under them.
        style={{ scrollPaddingTop: `${HEAD_ROW_REM}rem` }}
      >
        {items.length === 0 ? (
          <PaneNote>{emptyText}</PaneNote>
        ) : (
          <Box
            as="table"
            aria-labelledby={headingId}
            // The whole list's row count, head included: assistive technology reads 'row 40 of 107' though only a
            // window of rows is in the document.
            aria-rowcount={items.length + 1}
            w="full"
            fontSize="sm"
            borderCollapse="separate"
            borderSpacing="0"
          >
            <WatchHead withActions={props.onCreateAlert !== undefined} />
            {/* One body: a row keeps its parent as the window moves, so React moves it instead of remounting it. */}
            <tbody onFocus={onBodyFocus} onBlur={onBodyBlur}>
              {bodyRows.map((bodyRow) => {
                if (bodyRow.kind === 'space')
                  return <SpacerRow key={bodyRow.key} heightPx={bodyRow.px} columns={columns} />
                const { item, index } = bodyRow
                return item.kind === 'group' ? (
                  <tr key={itemKey(item)} aria-rowindex={index + 2} style={{ height: `${GROUP_ROW_REM}rem` }}>
                    {/* A row of its own, headed by the type's name. */}
                    <th scope="row" colSpan={columns} className={groupHeader}>
                      {ASSET_TYPE_LABELS[item.type]}
                    </th>
                  </tr>
                ) : (
                  <WatchRow
                    key={itemKey(item)}
                    store={props.store}
                    asset={item.asset}
                    rowIndex={index + 2}
                    priceMinWidth={priceMinWidth}
                    active={item.asset.asset_id === props.activeAssetId}
                    saved={savedAssetIds.has(item.asset.asset_id)}
                    onToggleSaved={props.onToggleSaved}
                    onSelect={props.onSelect}
                    onCreateAlert={props.onCreateAlert}
                  />
                )
              })}
            </tbody>
          </Box>
        )}
      </div>
    </Flex>
  )
}
