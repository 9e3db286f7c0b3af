// The cashier's pure rules around withdrawals and history (decision 0019): the cards a withdrawal can go back to (one
// per card, its newest completed deposit), a withdrawal's timeline, savings moves' refusals, and the transactions
// page's URL (a damaged link drops the bad filter, never the page), and which queue rows await their payout.
import { describe, expect, it } from 'vitest'
import { awaitsPayout, queueStatusLabel } from '../../../src/domain/back-office/request-queue'
import type { Withdrawal } from '../../../src/domain/contract/withdrawals'
import { formatAmount } from '../../../src/domain/format/currency'
import { savingsAmountError } from '../../../src/domain/funds/savings-transfer'
import {
  TransactionsSearchSchema,
  dateRangeError,
  fundsQueryString,
  statementFileName,
  transactionsQuery,
} from '../../../src/domain/funds/transactions-search'
import { withdrawalAmountError, withdrawalCards } from '../../../src/domain/funds/withdrawal-form'
import { isCancellable, withdrawalTimeline } from '../../../src/domain/funds/withdrawal-timeline'

const card = (id: number, last4: string, status: string, createdAt: string, expYear = 2030) => ({
  id,
  method: 'card',
  status,
  card: { brand: 'visa', last4, exp_month: 8, exp_year: expYear },
  created_at: createdAt,
})

describe('the withdrawal amount', () => {
  const context = (withdrawableUsd: number) => ({
    withdrawableUsd,
    limit: { min: 10, max: 50_000 },
    marginUsd: 0,
    reservedUsd: 0,
    savingsUsd: 0,
    limitedBy: 'balance' as const,
    formatUsd: (amountUsd: number) => formatAmount(amountUsd),
  })
  it('names the lower of the two ceilings, the per-request maximum or withdrawable now', () => {
    expect(withdrawalAmountError('60000', context(1_000))).toBe(
      'The amount is more than you can withdraw now. You can withdraw at most $1,000.00 now.',
    )
    expect(withdrawalAmountError('60000', context(80_000))).toBe(
      'The maximum withdrawal is $50,000.00 per request.',
    )
    expect(withdrawalAmountError('1,000', context(1_000))).toBeNull()
  })
})

describe('withdrawal cards', () => {
  it('lists each completed card once, named by its newest deposit, newest first', () => {
    const cards = withdrawalCards([
      card(1, '4242', 'completed', '2025-01-01T10:00:00Z'),
      card(2, '4242', 'completed', '2025-03-01T10:00:00Z'),
      card(3, '0005', 'completed', '2025-02-01T10:00:00Z'),
      card(4, '0002', 'failed', '2025-04-01T10:00:00Z'),
      card(5, '4242', 'completed', '2025-01-15T10:00:00Z', 2031),
      { id: 6, method: 'wire', status: 'completed', card: null, created_at: '2025-05-01T10:00:00Z' },
    ])
    expect(cards.map((entry) => [entry.depositId, entry.last4, entry.expYear])).toEqual([
      [2, '4242', 2030],
      [3, '0005', 2030],
      [5, '4242', 2031],
    ])
  })
})

const withdrawal = (patch: Partial<Withdrawal>): Withdrawal => ({
  id: 3,
  status: 'in_review',
  method: 'bank',
  amount: 250,
  reference: 'WD-000003',
  destination: 'Bank ••••1234',
  reason: null,
  payout_reference: null,
  created_at: '2025-11-25T08:00:00Z',
  decided_at: null,
  sent_at: null,
  cancelled_at: null,
  ...patch,
})

describe('withdrawal timeline', () => {
  it('in review: requested, in review now (cancellable), sent to come', () => {
    const steps = withdrawalTimeline(withdrawal({}))
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Requested', 'done'],
      ['In review', 'current'],
      ['Sent', 'upcoming'],
    ])
    expect(isCancellable(withdrawal({}))).toBe(true)
  })

  it('sent: every step done, with the payout reference', () => {
    const steps = withdrawalTimeline(
      withdrawal({
        status: 'sent',
        decided_at: '2025-11-25T09:00:00Z',
        sent_at: '2025-11-25T10:00:00Z',
        payout_reference: 'PAY-77',
      }),
    )
    expect(steps.map((step) => [step.label, step.state, step.at])).toEqual([
      ['Requested', 'done', '2025-11-25T08:00:00Z'],
      ['Approved', 'done', '2025-11-25T09:00:00Z'],
      ['Sent', 'done', '2025-11-25T10:00:00Z'],
    ])
    expect(steps[2]!.detail).toBe('Payout reference PAY-77')
    expect(isCancellable(withdrawal({ status: 'sent' }))).toBe(false)
  })

  it('rejected and cancelled stop at the review, saying the money came back', () => {
    for (const status of ['rejected', 'cancelled'] as const) {
      const steps = withdrawalTimeline(withdrawal({ status }))
      expect(steps).toHaveLength(2)
      expect(steps[1]!.state).toBe('stopped')
      expect(steps[1]!.detail).toBe('The reserved amount was released to your balance.')
    }
  })
})

describe('savings moves', () => {
  const format = (amountUsd: number) => formatAmount(amountUsd)
  it('refuses more than the free margin in, or the savings out, with the most that can move', () => {
    expect(savingsAmountError('600', 'in', 500, format)).toBe(
      'The amount is more than your free margin. You can move at most $500.00.',
    )
    expect(savingsAmountError('10', 'out', 0, format)).toBe(
      'The amount is more than your savings. There is nothing to move now.',
    )
    expect(savingsAmountError('500', 'in', 500, format)).toBeNull()
    expect(savingsAmountError('', 'in', 500, format)).toBe('Enter the amount to move')
  })
})

describe('the transactions URL', () => {
  it('keeps good filters, drops bad ones, and never loses the page', () => {
    expect(
      TransactionsSearchSchema.parse({
        type: 'deposit',
        status: 'nope',
        from: '2025-02-30',
        to: '2025-03-01',
        page: '2',
      }),
    ).toEqual({ type: 'deposit', from: undefined, status: undefined, to: '2025-03-01', page: 2 })
    expect(TransactionsSearchSchema.parse({ page: 'x' }).page).toBe(1)
  })

  it('asks the API the same thing whatever undefined keys the URL held', () => {
    expect(transactionsQuery({ type: undefined, status: 'sent', page: 1 })).toEqual({ status: 'sent' })
    expect(fundsQueryString({ to: '2025-03-01', type: 'withdrawal', page: 3 })).toBe(
      'type=withdrawal&to=2025-03-01&page=3',
    )
  })

  it('names the statement file by its dates and catches a reversed range', () => {
    expect(statementFileName('2025-01-01', '2025-01-31')).toBe('statement-2025-01-01-to-2025-01-31.csv')
    expect(statementFileName(undefined, undefined)).toBe('statement-all.csv')
    expect(dateRangeError('2025-02-01', '2025-01-01')).toBe('The start date is after the end date.')
    expect(dateRangeError('2025-01-01', undefined)).toBeNull()
  })
})

describe('withdrawals in the back-office queue', () => {
  const row = (status: 'pending' | 'approved' | 'rejected', state: string) => ({
    type: 'withdrawal',
    status,
    state,
  })
  it("offers 'Mark sent' on an approved withdrawal until it is paid out, then reads 'Sent'", () => {
    const approved = row('approved', 'approved')
    const sent = row('approved', 'sent')
    expect([awaitsPayout(approved), queueStatusLabel(approved)]).toEqual([true, 'Approved'])
    expect([awaitsPayout(sent), queueStatusLabel(sent)]).toEqual([false, 'Sent'])
    expect(awaitsPayout(row('pending', 'in_review'))).toBe(false)
    expect(queueStatusLabel(row('rejected', 'cancelled'))).toBe('Rejected')
    expect(awaitsPayout({ ...approved, type: 'deposit' })).toBe(false)
  })
})
