import { TriangleAlert } from 'lucide-react'
import { memo, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react'
import { css, cx } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { hstack, stack, visuallyHidden } from 'styled-system/patterns'
import { LiveText } from '../../../components/ui/live-text'
import { formatAmount, formatSignedAmount, type DisplayCurrency } from '../../../domain/format/currency'
import type { AccountSummary } from '../../../domain/trading/account-maths'
import { inMarginCall } from '../../../domain/trading/stop-out'
import { bottomBarHeight } from '../../../lib/bottom-bar-height'
import { useLiveAccountSummary } from '../hooks/use-live-pnl'
import { SignedLiveText } from './signed-figures'

// The workspace's bottom bar (docs/product/trading-workspace.md#positions-drawer): Balance, Equity, Margin, Free
// Margin and P/L in the chosen currency. It re-renders only when a shown figure changes by a cent
// (useAccountSummary), not on every tick, and each figure is a LiveText, so a change lays out only its own box.

const figure = stack({ gap: '0', minW: '0', flexShrink: 0 })
const label = css({ fontSize: 'xs', color: 'text.muted', whiteSpace: 'nowrap' })
const value = css({ textStyle: 'price', fontSize: 'sm', fontWeight: 'semibold', whiteSpace: 'nowrap' })
// The bar memoises on its figures but still renders on every cent they move: its classes are computed once.
const marginLevelValue = cx(value, hstack({ gap: '1' }))
const marginCallSign = css({ flexShrink: 0, color: 'warning' })
const srOnly = visuallyHidden()
// Phones: its own row under the figures; from md at the end of the row.
const asOfSlot = hstack({ gap: '0', gridColumn: '1 / -1', ml: { md: 'auto' }, flexShrink: 0 })

// The bar's height, published while the bar is mounted (src/lib/bottom-bar-height.ts). Whatever floats at the
// viewport's bottom-left (the chat's unread notifier, src/features/chat/components/unread-notifier.tsx) adds it to its
// offset, so on /mt4 it sits above the bar instead of over its figures; elsewhere it is 0. Measured, not a constant:
// the bar is one row from md, two rows on phones, one more with the 'as of' mark, its text in rem.
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  // Observed from before the first paint: a ResizeObserver's first report comes after the frame's layout and before
  // its paint, so a notifier shown with the workspace never flashes over the bar. Reading the height here instead
  // forced that layout in the middle of /mt4's first render, a sixth of its task
  // (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => bottomBarHeight.set(element.getBoundingClientRect().height)
    // jsdom has no ResizeObserver (and no layout).
    if (typeof ResizeObserver === 'undefined') measure()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      bottomBarHeight.set(0)
    }
  }, [ref])
}

export const BottomBar = memo(function BottomBar(props: {
  summary: AccountSummary
  currency: DisplayCurrency
  /** The figures' 'as of' mark while they are last known, not live (decision 0021). */
  asOf?: ReactNode
}) {
  const { summary, currency } = props
  const marginCall = inMarginCall(summary.equity, summary.margin)
  const ref = useRef<HTMLElement>(null)
  usePublishedHeight(ref)
  return (
    <section
      ref={ref}
      aria-label="Account summary"
      className={css({
        // Phones: two rows of three, so every figure (Margin Level above all) shows without scrolling sideways;
        // from md one row.
        display: { base: 'grid', md: 'flex' },
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: { base: '1.5', md: '8' },
        columnGap: { base: '3', md: '8' },
        px: { base: '3', md: '4' },
        py: '2',
        borderTopWidth: '1px',
        borderColor: 'border',
        bg: 'bg.surface',
        overflowX: { base: 'hidden', md: 'auto' },
      })}
    >
      <Box as="dl" display="contents">
        <div className={figure}>
          <dt className={label}>Balance</dt>
          <dd className={value} data-testid="summary-balance">
            <LiveText text={formatAmount(summary.balance, currency)} />
          </dd>
        </div>
        <div className={figure}>
          <dt className={label}>Equity</dt>
          <dd className={value} data-testid="summary-equity">
            <LiveText text={formatAmount(summary.equity, currency)} />
          </dd>
        </div>
        <div className={figure}>
          <dt className={label}>Margin</dt>
          <dd className={value} data-testid="summary-margin">
            <LiveText text={formatAmount(summary.margin, currency)} />
          </dd>
        </div>
        <div className={figure}>
          <dt className={label}>Free Margin</dt>
          <dd className={value} data-testid="summary-free-margin">
            <LiveText text={formatAmount(summary.freeMargin, currency)} />
          </dd>
        </div>
        <div className={figure}>
          <dt className={label}>Margin Level</dt>
          <dd className={marginLevelValue} data-testid="summary-margin-level">
            <LiveText text={summary.marginLevel} tone={marginCall ? 'warning' : undefined} />
            {/* Colour is never the only signal: a warning sign beside the figure, the words for screen readers. */}
            {marginCall ? (
              <>
                <TriangleAlert
                  size={12}
                  aria-hidden="true"
                  data-testid="margin-call-sign"
                  className={marginCallSign}
                />
                <span className={srOnly}>, margin call</span>
              </>
            ) : null}
          </dd>
        </div>
        <div className={figure}>
          <dt className={label}>P/L</dt>
          <dd className={value} data-testid="summary-pnl">
            <SignedLiveText text={formatSignedAmount(summary.pnl, currency)} />
          </dd>
        </div>
      </Box>
      {props.asOf ? <div className={asOfSlot}>{props.asOf}</div> : null}
    </section>
  )
})

/** The bottom bar fed by the live account figures of the surrounding AccountInputsContext. */
export function LiveBottomBar(props: { currency: DisplayCurrency; asOf?: ReactNode }) {
  return <BottomBar summary={useLiveAccountSummary()} currency={props.currency} asOf={props.asOf} />
}
