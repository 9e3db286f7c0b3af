// The withdrawal page's form and breakdown (decision 0019): "withdrawable now" with what holds money back (balance,
// margin in use, reserved, savings), an amount over it refused with a sentence naming the most that can be taken
// and why, the limits, nothing sent while refused, and one Idempotency-Key per submission attempt (resent only
// when the same request is retried after a lost answer).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FundsOptions } from '../../../src/domain/contract/funds-options'
import type { FundsSummary } from '../../../src/domain/contract/funds-summary'
import type { WithdrawalRequest } from '../../../src/domain/contract/withdrawals'
import { encodeSegwitAddress } from '../../../src/domain/funds/crypto-address'
import { USD } from '../../../src/domain/format/currency'
import { WithdrawableBreakdown } from '../../../src/features/funds/components/withdrawable-breakdown'
import { WithdrawalForm } from '../../../src/features/funds/components/withdrawal-form'
import { HttpError } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'

vi.mock('@tanstack/react-router', () => ({
  Link: (props: { to: string; children: React.ReactNode; className?: string }) => (
    <a href={props.to} className={props.className}>
      {props.children}
    </a>
  ),
}))

// Balance 1,000, a position 100 up holding 300 of margin: free margin 800, so 800 can leave now.
const SUMMARY: FundsSummary = {
  balance: 1000,
  equity: 1100,
  margin: 300,
  free_margin: 800,
  reserved: 200,
  savings: 50,
  withdrawable: 800,
}
const LIMIT = { min: 10, max: 50_000 }
const COINS: FundsOptions['coins'] = [
  {
    slug: 'bitcoin',
    code: 'BTC',
    name: 'Bitcoin',
    minimum: '0.0001',
    networks: [{ id: 'bitcoin', name: 'Bitcoin' }],
  },
  {
    slug: 'tether',
    code: 'USDT',
    name: 'Tether',
    minimum: '10',
    networks: [
      { id: 'trc20', name: 'Tron (TRC20)' },
      { id: 'erc20', name: 'Ethereum (ERC20)' },
    ],
  },
]
const CARD = { depositId: 12, brand: 'visa', last4: '4242', expMonth: 8, expYear: 2030 }

function renderPage(
  onRequest: (withdrawal: WithdrawalRequest, key: string) => Promise<{ message: string }> = vi.fn(),
  summary: FundsSummary = SUMMARY,
  closedBy?: string,
) {
  return render(
    <div>
      <p id="verification-needed">Verify your identity to withdraw</p>
      <WithdrawableBreakdown summary={summary} currency={USD} />
      <WithdrawalForm
        summary={summary}
        limit={LIMIT}
        coins={COINS}
        cards={[CARD]}
        onRequest={onRequest}
        closedBy={closedBy}
      />
    </div>,
  )
}

const amount = () => screen.getByLabelText('Amount (USD)')
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }))

const lostAnswer = () =>
  new HttpError({
    message: 'Network Error',
    status: 0,
    statusText: 'Network Error',
    data: null,
    url: '',
    method: 'POST',
  })

describe('the withdrawal form and its breakdown', { timeout: 30_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderPage()
    await expectNoA11yViolations(container)
  })

  it('is shut while the verification withdrawals need is missing, every control pointing to why', async () => {
    const onRequest = vi.fn()
    const { container } = renderPage(onRequest, SUMMARY, 'verification-needed')
    const controls = [
      ...screen.getAllByRole('radio'),
      screen.getByRole('combobox', { name: 'Card' }),
      amount(),
      screen.getByRole('button', { name: 'Max' }),
      screen.getByRole('button', { name: 'Request withdrawal' }),
    ]
    for (const control of controls) expect(control).toBeDisabled()
    expect(amount().closest('fieldset[disabled]')).toHaveAccessibleDescription(
      'Verify your identity to withdraw',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }))
    expect(onRequest).not.toHaveBeenCalled()
    await expectNoA11yViolations(container)
  })

  it('shows withdrawable now and each line that holds money back', () => {
    renderPage()
    expect(screen.getByTestId('withdrawable-now')).toHaveTextContent('$800.00')
    const line = (key: string) => screen.getByTestId(`withdrawable-row-${key}`)
    expect(line('balance')).toHaveTextContent('Balance$1,000.00')
    expect(line('margin')).toHaveTextContent('Margin in use$300.00')
    expect(line('free_margin')).toHaveTextContent('Free margin$800.00')
    expect(line('reserved')).toHaveTextContent('Reserved for withdrawals$200.00')
    expect(line('savings')).toHaveTextContent('Savings$50.00')
    expect(within(line('savings')).getByRole('link', { name: 'Go to savings' })).toBeInTheDocument()
    expect(screen.getByText(/Limited by your free margin/)).toBeInTheDocument()
  })

  it('refuses an amount over withdrawable now, naming the most and what holds the rest, and sends nothing', async () => {
    const onRequest = vi.fn()
    renderPage(onRequest)
    await userEvent.type(amount(), '900')
    await submit()
    expect(
      await screen.findByText(
        'The amount is more than you can withdraw now. You can withdraw at most $800.00 now: $300.00 is held as margin by your open positions, $200.00 is reserved for withdrawals in review and $50.00 is in savings (move it back to withdraw it).',
      ),
    ).toBeInTheDocument()
    expect(amount()).toHaveAttribute('aria-invalid', 'true')
    expect(onRequest).not.toHaveBeenCalled()

    // Corrected as it is typed (the field was touched).
    await userEvent.clear(amount())
    await userEvent.type(amount(), '800')
    await waitFor(() => expect(screen.queryByText(/more than you can withdraw/)).not.toBeInTheDocument())
  })

  it('says the limits and the number rule', async () => {
    renderPage()
    await userEvent.type(amount(), '5')
    await submit()
    expect(await screen.findByText('The minimum withdrawal is $10.00.')).toBeInTheDocument()
    await userEvent.clear(amount())
    await userEvent.type(amount(), '12.345')
    expect(
      await screen.findByText('The amount must be a number with at most two decimals'),
    ).toBeInTheDocument()
  })

  it('says plainly when nothing can be withdrawn', async () => {
    renderPage(vi.fn(), { ...SUMMARY, balance: 100, equity: 20, margin: 50, reserved: 0, savings: 0 })
    expect(screen.getByTestId('withdrawable-now')).toHaveTextContent('$0.00')
    await userEvent.type(amount(), '10')
    await submit()
    expect(
      await screen.findByText(
        'The amount is more than you can withdraw now. You cannot withdraw anything now: $50.00 is held as margin by your open positions.',
      ),
    ).toBeInTheDocument()
  })

  it('sends a card withdrawal with a key, and the same key only when that request is retried after a lost answer', async () => {
    const onRequest = vi
      .fn<(withdrawal: WithdrawalRequest, key: string) => Promise<{ message: string }>>()
      .mockRejectedValueOnce(lostAnswer())
      .mockResolvedValue({ message: 'Your withdrawal request was received.' })
    renderPage(onRequest)
    await userEvent.type(amount(), '250')
    await submit()
    expect(
      await screen.findByText('The server could not be reached. Check the connection and try again.'),
    ).toBeInTheDocument()
    await submit()
    await waitFor(() => expect(onRequest).toHaveBeenCalledTimes(2))
    const [first, second] = onRequest.mock.calls
    expect(first![0]).toEqual({ method: 'card', amount: '250', card_deposit_id: 12 })
    expect(second![1]).toBe(first![1])
    await waitFor(() => expect(amount()).toHaveValue(''))

    // A new request is a new attempt: a new key.
    await userEvent.type(amount(), '100')
    await submit()
    await waitFor(() => expect(onRequest).toHaveBeenCalledTimes(3))
    expect(onRequest.mock.calls[2]![1]).not.toBe(first![1])
  })

  it('checks a crypto address on its network before sending', async () => {
    const onRequest = vi.fn().mockResolvedValue({ message: 'ok' })
    renderPage(onRequest)
    await userEvent.click(screen.getByRole('radio', { name: 'Crypto address' }))
    await userEvent.type(amount(), '100')
    await userEvent.type(screen.getByLabelText('Address'), '0x52908400098527886E0F7030069857D2E4169EE7')
    await submit()
    expect(await screen.findByText('This is not a valid address on the chosen network.')).toBeInTheDocument()
    expect(onRequest).not.toHaveBeenCalled()

    const address = encodeSegwitAddress(new Uint8Array(20).fill(7))
    await userEvent.clear(screen.getByLabelText('Address'))
    await userEvent.type(screen.getByLabelText('Address'), address)
    await submit()
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        { method: 'crypto', amount: '100', coin: 'bitcoin', network: 'bitcoin', address },
        expect.any(String),
      ),
    )
  })

  it("shows the server's refusal of the amount under the field", async () => {
    const refusal = new HttpError({
      message: 'The amount is more than you can withdraw now. You can withdraw at most $640.00 now.',
      status: 422,
      statusText: '',
      data: {
        message: 'The amount is more than you can withdraw now.',
        errors: {
          amount: ['The amount is more than you can withdraw now. You can withdraw at most $640.00 now.'],
        },
      },
      url: '/api/v1/funds/withdrawals',
      method: 'POST',
    })
    renderPage(vi.fn().mockRejectedValue(refusal))
    await userEvent.type(amount(), '700')
    await submit()
    expect(
      await screen.findByText(
        'The amount is more than you can withdraw now. You can withdraw at most $640.00 now.',
      ),
    ).toBeInTheDocument()
  })
})
