// The client page's deposits: a transfer the sandbox chain set aside after failing again and again reads as Failed
// with its reason, so support can answer the customer; one still confirming shows how far it got.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Deposit } from '../../../src/domain/contract/deposits'
import { ClientDepositList } from '../../../src/features/back-office/components/client-deposits'
import { expectNoA11yViolations } from '../components/test-utils'

const SET_ASIDE =
  'This transfer could not be credited and was set aside after 5 tries: the amount would take the balance beyond what an account can hold.'

const transfer = (fields: Partial<Deposit> & Pick<Deposit, 'id' | 'status'>): Deposit => ({
  method: 'crypto',
  amount: 4321.99,
  reference: `0x${String(fields.id).padStart(64, 'a')}`,
  failure_reason: null,
  next_action: null,
  card: null,
  crypto: {
    coin: 'tether',
    network: 'trc20',
    address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    coin_amount: '4321.98765432',
    tx_hash: `0x${String(fields.id).padStart(64, 'a')}`,
    confirmations: 2,
    required_confirmations: 3,
  },
  created_at: '2026-11-28T10:00:00.000Z',
  completed_at: null,
  ...fields,
})

describe('ClientDepositList', () => {
  it('shows a set-aside transfer as failed with its reason, and a confirming one with its count', async () => {
    const { container } = render(
      <ClientDepositList
        deposits={[
          transfer({ id: 2, status: 'pending', amount: 100 }),
          transfer({ id: 1, status: 'failed', failure_reason: SET_ASIDE }),
        ]}
      />,
    )
    await expectNoA11yViolations(container)
    const [confirming, failed] = screen.getAllByTestId('client-deposit')
    expect(confirming).toHaveTextContent('Pending')
    expect(confirming).toHaveTextContent('2/3 confirmations')
    expect(failed).toHaveAttribute('data-status', 'failed')
    expect(failed).toHaveTextContent('Failed')
    expect(failed).toHaveTextContent(SET_ASIDE)
    expect(failed).not.toHaveTextContent('confirmations')
  })
})
