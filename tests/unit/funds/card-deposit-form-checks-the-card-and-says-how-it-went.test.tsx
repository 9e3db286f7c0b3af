// The card deposit form (decision 0019): labelled inputs, the Luhn, expiry, CVC, name and limit messages, the brand
// as typed, 'Processing...' while the provider answers, then success, the server's decline, or the 3-D Secure dialog.
// One Idempotency-Key per press of Deposit.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { CardDepositRequest } from '../../../src/domain/contract/card-deposits'
import type { Deposit } from '../../../src/domain/contract/deposits'
import { CARD_MESSAGES } from '../../../src/domain/funds/card'
import {
  CardDepositForm,
  type CardDepositFormProps,
} from '../../../src/features/funds/components/card-deposit-form'
import { HttpError } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'

const NOW = () => new Date('2026-05-14T10:00:00Z')
const LIMIT = { min: 10, max: 5_000 }

const deposit = (fields: Partial<Deposit> = {}): Deposit => ({
  id: 41,
  method: 'card',
  status: 'completed',
  amount: 250,
  reference: 'DEP-000041',
  failure_reason: null,
  next_action: null,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  crypto: null,
  created_at: '2026-05-14T10:00:00Z',
  completed_at: '2026-05-14T10:00:01Z',
  ...fields,
})

function renderForm(props: Partial<CardDepositFormProps> = {}) {
  const onDeposit = vi.fn<CardDepositFormProps['onDeposit']>(async () => ({
    message: 'Your deposit was successful.',
    data: deposit(),
  }))
  const onThreeDs = vi.fn<CardDepositFormProps['onThreeDs']>(async () => ({
    message: 'Your deposit was successful.',
    data: deposit(),
  }))
  let keys = 0
  const allProps: CardDepositFormProps = {
    limit: LIMIT,
    onDeposit,
    onThreeDs,
    now: NOW,
    newKey: () => `key-${++keys}`,
    ...props,
  }
  const root = createRootRoute()
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <CardDepositForm {...allProps} />,
  })
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(<RouterProvider router={router} />)
  return {
    ...view,
    onDeposit: allProps.onDeposit as typeof onDeposit,
    onThreeDs: allProps.onThreeDs as typeof onThreeDs,
  }
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Card number' | 'Expiry' | 'CVC' | 'Name on card' | 'Amount', string>>,
) {
  const all = {
    'Card number': '4242 4242 4242 4242',
    Expiry: '1230',
    CVC: '123',
    'Name on card': 'Ada Lovelace',
    Amount: '250',
    ...values,
  }
  for (const [label, value] of Object.entries(all)) {
    const input = screen.getByLabelText(label)
    await user.clear(input)
    if (value) await user.type(input, value)
  }
}

// Typing five fields a key at a time is slow on a busy CI machine: a wider time-out than the default 5 s.
describe('card deposit form', { timeout: 20_000 }, () => {
  it('has a label on every input and no accessibility violations', async () => {
    const { container } = renderForm()
    await screen.findByRole('button', { name: 'Deposit' })
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card', 'Amount']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
    await expectNoA11yViolations(container)
  })

  it('says what is missing when sent empty, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null })
    const { onDeposit } = renderForm()
    await user.click(await screen.findByRole('button', { name: 'Deposit' }))
    expect(await screen.findByText(CARD_MESSAGES.NUMBER_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CARD_MESSAGES.EXPIRY_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CARD_MESSAGES.CVC_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CARD_MESSAGES.NAME_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText('Amount is required')).toBeInTheDocument()
    expect(onDeposit).not.toHaveBeenCalled()
  })

  it('groups the number as typed and names the brand', async () => {
    const user = userEvent.setup({ delay: null })
    renderForm()
    const number = await screen.findByLabelText('Card number')
    await user.type(number, '5555555555554444')
    expect(number).toHaveValue('5555 5555 5555 4444')
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Mastercard')
  })

  it('refuses a number failing the Luhn check, an expired card and a short CVC', async () => {
    const user = userEvent.setup({ delay: null })
    const { onDeposit } = renderForm()
    await screen.findByLabelText('Card number')
    await fill(user, { 'Card number': '4242 4242 4242 4241', Expiry: '0426', CVC: '12' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByText(CARD_MESSAGES.NUMBER_INVALID)).toBeInTheDocument()
    expect(screen.getByText(CARD_MESSAGES.EXPIRED)).toBeInTheDocument()
    expect(screen.getByText(CARD_MESSAGES.CVC_THREE)).toBeInTheDocument()
    expect(onDeposit).not.toHaveBeenCalled()
  })

  it('wants four CVC digits for American Express', async () => {
    const user = userEvent.setup({ delay: null })
    renderForm()
    await screen.findByLabelText('Card number')
    await fill(user, { 'Card number': '378282246310005', CVC: '123' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByText(CARD_MESSAGES.CVC_FOUR)).toBeInTheDocument()
  })

  it('keeps the amount within the card limits', async () => {
    const user = userEvent.setup({ delay: null })
    renderForm()
    await screen.findByLabelText('Card number')
    await fill(user, { Amount: '5' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByText('The minimum is $10.00')).toBeInTheDocument()
    const amount = screen.getByLabelText('Amount')
    await user.clear(amount)
    await user.type(amount, '5000.01')
    expect(await screen.findByText('The maximum is $5,000.00')).toBeInTheDocument()
    await user.clear(amount)
    await user.type(amount, '12.345')
    expect(await screen.findByText('Enter an amount in USD with at most two decimals')).toBeInTheDocument()
  })

  it('reads Processing... while the provider answers, then says the deposit was successful', async () => {
    const user = userEvent.setup({ delay: null })
    let answer: (value: Awaited<ReturnType<CardDepositFormProps['onDeposit']>>) => void = () => {}
    const onDeposit = vi.fn<CardDepositFormProps['onDeposit']>(
      () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    )
    renderForm({ onDeposit })
    await screen.findByLabelText('Card number')
    await fill(user, {})
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled()
    const request: CardDepositRequest = {
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      name: 'Ada Lovelace',
      amount: '250',
    }
    expect(onDeposit).toHaveBeenCalledWith(request, 'key-1')
    answer({ message: 'Your deposit was successful.', data: deposit() })
    expect(await screen.findByText('Your deposit was successful.')).toBeInTheDocument()
    expect(screen.getByText(/Visa •••• 4242 was added to your balance/)).toBeInTheDocument()
  })

  it('shows the server’s decline and sends a new Idempotency-Key with the next attempt', async () => {
    const user = userEvent.setup({ delay: null })
    const onDeposit = vi.fn<CardDepositFormProps['onDeposit']>(async () => {
      throw new HttpError({
        message: 'Your card was declined.',
        status: 402,
        statusText: 'Payment Required',
        data: { message: 'Your card was declined.' },
        url: '/funds/deposits/card',
        method: 'POST',
      })
    })
    renderForm({ onDeposit })
    await screen.findByLabelText('Card number')
    await fill(user, { 'Card number': '4000 0000 0000 0002' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    await waitFor(() => expect(onDeposit).toHaveBeenCalledTimes(2))
    expect(onDeposit.mock.calls.map((call) => call[1])).toEqual(['key-1', 'key-2'])
  })

  it('says a decline answered as a failed deposit too', async () => {
    const user = userEvent.setup({ delay: null })
    renderForm({
      onDeposit: async () => ({
        message: 'Your card was declined.',
        data: deposit({ status: 'failed', failure_reason: 'Your card was declined.', completed_at: null }),
      }),
    })
    await screen.findByLabelText('Card number')
    await fill(user, { 'Card number': '4000 0000 0000 0002' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
  })

  it('asks for 3-D Secure in a Confirm payment dialog, then completes', async () => {
    const user = userEvent.setup({ delay: null })
    const { onThreeDs } = renderForm({
      onDeposit: async () => ({
        message: 'Your bank asks you to confirm this payment.',
        data: deposit({ status: 'pending', next_action: 'three_ds', completed_at: null }),
      }),
    })
    await screen.findByLabelText('Card number')
    await fill(user, { 'Card number': '4000 0000 0000 3220' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' })
    // Focus starts on Confirm (initialFocusEl); jsdom has no layout for the focus trap's check, the e2e covers it.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(onThreeDs).toHaveBeenCalledWith(41, true)
    expect(await screen.findByText('Your deposit was successful.')).toBeInTheDocument()
  })

  it('cancelling 3-D Secure answers the bank "no" and says the payment was not confirmed', async () => {
    const user = userEvent.setup({ delay: null })
    const { onThreeDs } = renderForm({
      onDeposit: async () => ({
        message: 'Your bank asks you to confirm this payment.',
        data: deposit({ status: 'pending', next_action: 'three_ds', completed_at: null }),
      }),
      onThreeDs: vi.fn<CardDepositFormProps['onThreeDs']>(async () => ({
        message: 'The payment was not confirmed by your bank.',
        data: deposit({ status: 'failed', failure_reason: 'The payment was not confirmed by your bank.' }),
      })),
    })
    await screen.findByLabelText('Card number')
    await fill(user, { 'Card number': '4000 0000 0000 3220' })
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('The payment was not confirmed by your bank.')).toBeInTheDocument()
    expect(onThreeDs).toHaveBeenCalledWith(41, false)
  })
})
