// The bottom bar's Margin Level in margin call (below 100 %, decision 0015): the warning colour, a warning sign beside
// it and the words for screen readers, since colour is never the only signal. Above it, none of them.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { USD } from '../../../src/domain/format/currency'
import { accountSummary } from '../../../src/domain/trading/account-maths'
import { BottomBar } from '../../../src/features/trading/components/bottom-bar'

describe('the bottom bar in margin call', () => {
  it('colours Margin Level as a warning, signs it and says margin call below 100 %, and not above', () => {
    // Margin 110, P/L -20: a balance of 100 gives equity 80, 72.73 %; a balance of 1,000 gives 890.91 %.
    const { rerender } = render(
      <BottomBar summary={accountSummary(100, 0, [{ pnl: -20, margin: 110 }])} currency={USD} />,
    )
    const level = screen.getByTestId('summary-margin-level')
    expect(level).toHaveTextContent('72.73%, margin call')
    expect(level.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('warning')
    expect(screen.getByTestId('margin-call-sign')).toHaveAttribute('aria-hidden', 'true')

    rerender(<BottomBar summary={accountSummary(1000, 0, [{ pnl: -20, margin: 110 }])} currency={USD} />)
    expect(level).toHaveTextContent('890.91%')
    expect(level).not.toHaveTextContent('margin call')
    expect(level.querySelector('[data-tone]')).toBeNull()
    expect(screen.queryByTestId('margin-call-sign')).not.toBeInTheDocument()
  })
})
