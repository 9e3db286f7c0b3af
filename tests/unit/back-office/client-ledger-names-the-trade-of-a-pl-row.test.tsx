// The client page's balance movements: a trade's P/L row names the trade by the reference its position carries
// ('T0000042'), so an admin can tell which close moved the balance; other rows name no trade.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LedgerEntry } from '../../../src/domain/contract/ledger'
import { ClientLedger } from '../../../src/features/back-office/components/client-ledger'

const entry = (fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'id' | 'kind'>): LedgerEntry => ({
  adjustment_kind: null,
  amount: 0,
  balance_after: 10_000,
  reason: null,
  trade_id: null,
  created_at: '2026-11-27T10:00:00.000Z',
  ...fields,
})

describe('ClientLedger', () => {
  it("names the trade a P/L row settled, and no trade on a deposit's row", () => {
    render(
      <ClientLedger
        entries={[
          entry({ id: 2, kind: 'trade_pnl', amount: -12.5, trade_id: 42 }),
          entry({ id: 1, kind: 'adjustment', adjustment_kind: 'deposit', amount: 500, reason: 'Wire' }),
        ]}
      />,
    )
    const [pnl, deposit] = screen.getAllByTestId('client-ledger-entry')
    expect(pnl).toHaveTextContent('Trade P/L')
    expect(pnl).toHaveTextContent('T0000042')
    expect(deposit).toHaveTextContent('Deposit')
    expect(deposit).toHaveTextContent('Wire')
    expect(deposit).not.toHaveTextContent(/T\d{7}/)
  })
})
