// The header's market watch picker dialog (docs/product/trading-workspace.md#market-watch): search, type chips and a
// list of markets with their live bid; picking one hands it to the caller (which opens its pair,
// docs/product/trading-workspace.md#pairs) and closes. Pairs already open say 'Open'.
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { css } from 'styled-system/css'
import { grid, hstack, visuallyHidden } from 'styled-system/patterns'
import { Box, Flex, VisuallyHidden } from 'styled-system/jsx'
import { Badge } from '../../../../components/ui/badge'
import { Text } from '../../../../components/ui/text'
import * as Dialog from '../../../../components/ui/dialog'
import { SearchField } from '../../../../components/ui/search-field'
import type { Asset, AssetType } from '../../../../domain/contract/assets'
import { formatPrice, PRICE_DECIMALS } from '../../../../domain/format/numbers'
import { searchAssets } from '../../../../domain/market/asset-search'
import { useLiveAsset, type LivePriceStore } from '../../../../lib/live-prices'
import { AssetTypeChips } from './asset-type-chips'
import { TRADE_MESSAGES } from '../../../../domain/trading/messages'

export interface MarketPickerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  assets: readonly Asset[]
  store: LivePriceStore
  /** symbol_display of the pairs open as tabs. */
  openPairs: readonly string[]
  onPick: (asset: Asset) => void
}

/** Arrow keys move between the list's buttons; Up from the first goes back to the search input. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const body = event.currentTarget.closest('[data-picker-body]')
  const buttons = Array.from(body?.querySelectorAll<HTMLButtonElement>('button[data-pick]') ?? [])
  const index = buttons.indexOf(event.currentTarget)
  const input = body?.querySelector<HTMLInputElement>('input[type=search]')
  const next = event.key === 'ArrowDown' ? buttons[index + 1] : index === 0 ? input : buttons[index - 1]
  if (!next) return
  event.preventDefault()
  next.focus()
}

const PickerRow = memo(function PickerRow(props: {
  store: LivePriceStore
  asset: Asset
  isOpen: boolean
  onPick: (asset: Asset) => void
}) {
  const live = useLiveAsset(props.store, props.asset.asset_id)
  const asset = live?.asset ?? props.asset
  return (
    <li>
      <button
        type="button"
        data-pick=""
        data-testid={`picker-row-${asset.asset_id}`}
        onClick={() => props.onPick(props.asset)}
        onKeyDown={moveFocus}
        className={grid({
          gridTemplateColumns: '1fr auto',
          alignItems: 'center',
          columnGap: '3',
          w: 'full',
          minH: '11',
          px: '3',
          py: '1.5',
          textAlign: 'left',
          rounded: 'control',
          cursor: 'pointer',
          _hover: { bg: 'bg.hover' },
          focusVisibleRing: 'inside',
        })}
      >
        <Box as="span" minW="0">
          <span className={hstack({ gap: '2' })}>
            <Text as="span" weight="semibold" size="sm">
              {asset.symbol_display}
            </Text>
            {props.isOpen ? (
              <Badge kind="label" tone="subtle">
                Open
              </Badge>
            ) : null}
          </span>
          <Box
            as="span"
            display="block"
            fontSize="xs"
            color="text.muted"
            overflow="hidden"
            textOverflow="ellipsis"
            whiteSpace="nowrap"
          >
            {asset.name}
          </Box>
        </Box>
        <Box
          as="span"
          data-testid={`picker-bid-${asset.asset_id}`}
          fontFamily="mono"
          fontVariantNumeric="tabular-nums"
          fontSize="sm"
        >
          <VisuallyHidden as="span">Bid </VisuallyHidden>
          {formatPrice(asset.sell_price, PRICE_DECIMALS.DEFAULT)}
        </Box>
      </button>
    </li>
  )
})

// Mounted only while the dialog is open (lazyMount + unmountOnExit), so the search starts empty each time and the
// rows stop listening to ticks once it closes.
function PickerBody({
  inputRef,
  store,
  assets,
  openPairs,
  onPick,
  onOpenChange,
}: Omit<MarketPickerDialogProps, 'open'> & { inputRef: RefObject<HTMLInputElement | null> }) {
  const [query, setQuery] = useState('')
  const [type, setType] = useState<AssetType | null>(null)
  const shown = useMemo(
    () => searchAssets(type === null ? assets : assets.filter((asset) => asset.type === type), query),
    [assets, type, query],
  )
  const open = useMemo(() => new Set(openPairs), [openPairs])
  const pick = useCallback(
    (asset: Asset) => {
      onPick(asset)
      onOpenChange(false)
    },
    [onPick, onOpenChange],
  )

  return (
    <Dialog.Body className={css({ flex: '1', minH: '0', gap: '3' })}>
      <SearchField
        ref={inputRef}
        label="Search markets"
        // The dialog is opened to search, so the field takes focus; initialFocusEl says the same to the focus
        // trap, and autoFocus covers the trap's visibility check where there is no layout (jsdom).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        placeholder="Name or symbol"
        value={query}
        onValueChange={setQuery}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return
          const first = event.currentTarget
            .closest('[data-picker-body]')
            ?.querySelector<HTMLButtonElement>('button[data-pick]')
          if (!first) return
          event.preventDefault()
          first.focus()
        }}
      />
      <AssetTypeChips value={type} onChange={setType} label="Filter by asset type" wrap />
      <p aria-live="polite" className={visuallyHidden()}>
        {shown.length === 1 ? '1 market' : `${shown.length} markets`}
      </p>
      {shown.length === 0 ? (
        <Box as="p" fontSize="sm" color="text.muted" py="4">
          {TRADE_MESSAGES.NO_ASSETS}
        </Box>
      ) : (
        <Flex
          as="ul"
          aria-label="Markets"
          position="relative"
          flex="1"
          minH="0"
          overflowY="auto"
          overscrollBehavior="contain"
          mx="-3"
          flexDir="column"
        >
          {shown.map((asset) => (
            <PickerRow
              key={asset.asset_id}
              store={store}
              asset={asset}
              isOpen={open.has(asset.symbol_display)}
              onPick={pick}
            />
          ))}
        </Flex>
      )}
    </Dialog.Body>
  )
}

export function MarketPickerDialog(props: MarketPickerDialogProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => props.onOpenChange(details.open)}
      initialFocusEl={() => input.current}
      lazyMount
      unmountOnExit
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content
          data-picker-body=""
          className={css({ h: { base: '85dvh', md: '36rem' }, overflowY: 'hidden' })}
        >
          <Dialog.Header>
            <Dialog.Title>Add market</Dialog.Title>
            <Dialog.Description>Pick a market to open it as a tab.</Dialog.Description>
          </Dialog.Header>
          <PickerBody
            inputRef={input}
            store={props.store}
            assets={props.assets}
            openPairs={props.openPairs}
            onPick={props.onPick}
            onOpenChange={props.onOpenChange}
          />
          <Dialog.CloseTrigger />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
