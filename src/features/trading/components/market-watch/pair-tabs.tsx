// The /mt4 header's open-pair tabs (docs/product/trading-workspace.md#header, rules in
// docs/product/trading-workspace.md#pairs): activate, close (refused when one pair is left, so the close button is
// not offered then) and '+' to open the market picker. Keyboard as in the WAI-ARIA tabs pattern with manual
// activation, since activating a pair reloads the chart: arrows, Home and End move focus, Enter or Space activates,
// Delete closes.
//
// A tab may not contain a button (axe: nested-interactive) and a tablist may own only tabs (aria-required-children),
// yet each pair's close button belongs next to its tab. So the tablist claims its tabs through aria-owns and the
// close buttons sit beside them in the DOM, outside the tablist's ownership.
import { Plus, X } from 'lucide-react'
import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import { center, hstack } from 'styled-system/patterns'
import { IconButton } from '../../../../components/ui/button'

export interface PairTabsProps {
  /** symbol_display of each open pair, in tab order. */
  pairs: readonly string[]
  activePair: string | null
  onActivate: (symbolDisplay: string) => void
  onClose: (symbolDisplay: string) => void
  /** Opens the market picker. */
  onAdd: () => void
  /** id of the panel the active tab shows (the chart), for aria-controls. */
  panelId?: string
}

const chip = hstack({
  gap: '0',
  flexShrink: 0,
  h: '9',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  color: 'text.muted',
  _hover: { color: 'text.default', bg: 'bg.hover' },
  // The active pair: underlined and bold as well as brighter.
  '&[data-active]': { borderColor: 'accent', color: 'text.default', bg: 'bg.raised' },
})

const tab = css({
  h: 'full',
  pl: '3',
  pr: '1',
  fontSize: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  focusVisibleRing: 'inside',
  '&[aria-selected=true]': { fontWeight: 'semibold' },
  '&[data-last]': { pr: '3' },
})

const closeButton = center({
  inline: true,
  w: '6',
  h: '6',
  mr: '1',
  rounded: 'sm',
  color: 'text.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover', color: 'text.default' },
  focusVisibleRing: 'inside',
})

export function PairTabs(props: PairTabsProps) {
  const { pairs, activePair } = props
  const baseId = useId()
  const strip = useRef<HTMLDivElement>(null)
  const tabId = (index: number) => `${baseId}-pair-${index}`
  const canClose = pairs.length > 1
  // Roving tabindex: the active tab is the tablist's one stop (the first tab if none is active).
  const activeIndex = Math.max(0, activePair === null ? 0 : pairs.indexOf(activePair))

  useEffect(() => {
    // In the next frame, whose layout it then shares: scrolling now forces a layout of its own, which on /mt4's first
    // render was a long task's worth on a phone (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
    const frame = requestAnimationFrame(() => {
      const active = strip.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]')
      // jsdom has no layout and no scrollIntoView.
      active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
    })
    return () => cancelAnimationFrame(frame)
  }, [activePair])

  const focusTab = (index: number) => document.getElementById(tabId(index))?.focus()

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, pair: string, index: number) => {
    const last = pairs.length - 1
    const target: Record<string, number | undefined> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }
    const next = target[event.key]
    if (next !== undefined) {
      event.preventDefault()
      focusTab(next)
      return
    }
    if (event.key === 'Delete' && canClose) {
      event.preventDefault()
      props.onClose(pair)
      // The neighbour that takes this tab's place (or the new last one) keeps the focus in the strip.
      requestAnimationFrame(() => focusTab(Math.min(index, last - 1)))
    }
  }

  return (
    <div className={hstack({ gap: '1', minW: '0' })}>
      <Flex
        ref={strip}
        alignItems="stretch"
        minW="0"
        overflowX="auto"
        scrollbarWidth="thin"
        overscrollBehaviorX="contain"
      >
        <div
          role="tablist"
          aria-label="Open pairs"
          aria-orientation="horizontal"
          aria-owns={pairs.map((_, index) => tabId(index)).join(' ')}
        />
        {pairs.map((pair, index) => {
          const active = pair === activePair
          return (
            <div key={pair} className={chip} data-active={active ? '' : undefined}>
              <button
                id={tabId(index)}
                type="button"
                role="tab"
                aria-selected={active}
                aria-controls={active ? props.panelId : undefined}
                tabIndex={index === activeIndex ? 0 : -1}
                data-last={canClose ? undefined : ''}
                className={tab}
                onClick={() => props.onActivate(pair)}
                onKeyDown={(event) => onKeyDown(event, pair, index)}
              >
                {pair}
              </button>
              {canClose ? (
                <button
                  type="button"
                  aria-label={`Close ${pair}`}
                  // One stop in the tab order, by the active tab; Delete closes whichever tab has focus.
                  tabIndex={index === activeIndex ? 0 : -1}
                  className={closeButton}
                  onClick={() => props.onClose(pair)}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              ) : null}
            </div>
          )
        })}
      </Flex>
      <IconButton size="xs" aria-label="Add market" className={css({ flexShrink: 0 })} onClick={props.onAdd}>
        <Plus aria-hidden="true" />
      </IconButton>
    </div>
  )
}
