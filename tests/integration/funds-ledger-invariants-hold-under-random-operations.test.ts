// The ledger's invariants under random sequences of everything that moves a customer's money (decision 0019,
// docs/architecture.md#money-requests-files-and-mail): card deposits (credited, declined, 3-D Secure passed or
// failed), withdrawals (retried under their key, cancelled, approved, rejected, sent), positions opened and closed,
// and savings moves both ways. After every step: the balance is the sum of the trading ledger and the savings balance
// the sum of the savings ledger, neither is below zero, each withdrawal is held once and released at most once (and
// only when rejected or cancelled), and what is reserved is exactly the holds of the withdrawals still open. The
// answers follow the model: a withdrawal or a move to savings is accepted exactly when it fits (with no position
// open), and every status change takes effect once.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DepositResponseSchema, WithdrawalResponseSchema, type Asset } from '../../src/domain/contract'
import { call, decide } from './support/back-office'
import {
  bankWithdrawal,
  cardBody,
  CARDS,
  expectLedgerInvariants,
  FUNDS_RATE_LIMITS,
  moveSavings,
  postCard,
  postWithdrawal,
  summaryOf,
} from './support/funds'
import { closeAllClients } from './support/realtime-clients'
import { DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'
import {
  assetBySymbol,
  closeTrade,
  listAssets,
  newCustomer,
  newKey,
  order,
  storeTrade,
} from './support/trading'

const NUM_RUNS = Number(process.env.FUNDS_PROPERTY_RUNS ?? 30)

type Command =
  | { kind: 'card'; cents: number; card: 'succeeds' | 'declined' | 'three_ds_passed' | 'three_ds_failed' }
  | { kind: 'withdraw'; cents: number }
  | { kind: 'retry' }
  | { kind: 'cancel'; pick: number }
  | { kind: 'decide'; pick: number; decision: 'approve' | 'reject' }
  | { kind: 'sent'; pick: number }
  | { kind: 'savings'; direction: 'in' | 'out'; cents: number }
  | { kind: 'open' }
  | { kind: 'close'; pick: number }

const dollars = (cents: number) => (cents / 100).toFixed(2)

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      cents: fc.integer({ min: 1_000, max: 300_000 }),
      card: fc.constantFrom('succeeds', 'succeeds', 'declined', 'three_ds_passed', 'three_ds_failed'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      cents: fc.integer({ min: 1_000, max: 200_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'retry' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      pick: fc.nat(),
      decision: fc.constantFrom('approve' as const, 'reject' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sent' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('savings' as const),
      direction: fc.constantFrom('in' as const, 'out' as const),
      cents: fc.integer({ min: 100, max: 200_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'open' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }) },
)

let server: ListeningServer
let adminToken: string
let btcusd: Asset

beforeAll(async () => {
  server = await listenTestApp({
    rateLimits: FUNDS_RATE_LIMITS,
    funds: { jobs: false },
    // Prices stand still (no ticks) but every market is open: positions open and close at the server's price.
    realtime: { prices: { ticksPerSecond: 0, seed: 23, historyMinutes: 60, ignoreMarketHours: true } },
  })
  adminToken = await loginToken(server.app, DEMO_ADMIN)
  btcusd = assetBySymbol(await listAssets(server.app), 'BTCUSD')
})

afterAll(async () => {
  closeAllClients()
  await server?.close()
})

interface Model {
  withdrawals: Array<{
    id: number
    cents: number
    status: 'in_review' | 'approved' | 'sent' | 'rejected' | 'cancelled'
  }>
  lastWithdrawal?: { key: string; cents: number; id: number }
  openTrades: number[]
  balanceCents: number
  savingsCents: number
}

async function step(customer: { id: number; token: string }, model: Model, command: Command) {
  const { app } = server
  const noPositions = model.openTrades.length === 0
  switch (command.kind) {
    case 'card': {
      const number = {
        succeeds: CARDS.SUCCEEDS,
        declined: CARDS.DECLINED,
        three_ds_passed: CARDS.THREE_DS,
        three_ds_failed: CARDS.THREE_DS,
      }[command.card]
      const response = await postCard(app, customer.token, cardBody(dollars(command.cents), number))
      if (command.card === 'succeeds') expect(response.statusCode, response.body).toBe(201)
      if (command.card === 'declined') expect(response.statusCode, response.body).toBe(402)
      if (command.card.startsWith('three_ds')) {
        expect(response.statusCode, response.body).toBe(202)
        const { id } = DepositResponseSchema.parse(response.json()).data
        const approve = command.card === 'three_ds_passed'
        const answer = await call(app, customer.token, 'POST', `/funds/deposits/${id}/three-ds`, { approve })
        expect(answer.statusCode, answer.body).toBe(approve ? 200 : 402)
      }
      return
    }
    case 'withdraw': {
      const key = newKey()
      const response = await postWithdrawal(app, customer.token, bankWithdrawal(dollars(command.cents)), key)
      if (noPositions) {
        expect(response.statusCode, response.body).toBe(command.cents <= model.balanceCents ? 201 : 422)
      } else {
        expect([201, 422], response.body).toContain(response.statusCode)
      }
      if (response.statusCode === 201) {
        const { id } = WithdrawalResponseSchema.parse(response.json()).data
        model.withdrawals.push({ id, cents: command.cents, status: 'in_review' })
        model.lastWithdrawal = { key, cents: command.cents, id }
      }
      return
    }
    case 'retry': {
      const last = model.lastWithdrawal
      if (!last) return
      const response = await postWithdrawal(
        app,
        customer.token,
        bankWithdrawal(dollars(last.cents)),
        last.key,
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().data.id).toBe(last.id)
      return
    }
    case 'cancel': {
      const target = model.withdrawals[command.pick % Math.max(1, model.withdrawals.length)]
      if (!target) return
      const response = await call(app, customer.token, 'POST', `/funds/withdrawals/${target.id}/cancel`)
      expect(response.statusCode, response.body).toBe(target.status === 'in_review' ? 200 : 409)
      if (target.status === 'in_review') target.status = 'cancelled'
      return
    }
    case 'decide': {
      const target = model.withdrawals[command.pick % Math.max(1, model.withdrawals.length)]
      if (!target) return
      const response = await decide(app, adminToken, 'withdrawal', target.id, {
        decision: command.decision,
        ...(command.decision === 'reject' ? { reason: 'Checked by the property test' } : {}),
      })
      expect(response.statusCode, response.body).toBe(target.status === 'in_review' ? 200 : 409)
      if (target.status === 'in_review')
        target.status = command.decision === 'approve' ? 'approved' : 'rejected'
      return
    }
    case 'sent': {
      const target = model.withdrawals[command.pick % Math.max(1, model.withdrawals.length)]
      if (!target) return
      const response = await call(app, adminToken, 'POST', `/admin/withdrawals/${target.id}/sent`, {
        payout_reference: `PAY-${target.id}`,
      })
      expect(response.statusCode, response.body).toBe(target.status === 'approved' ? 200 : 409)
      if (target.status === 'approved') target.status = 'sent'
      return
    }
    case 'savings': {
      const response = await moveSavings(app, customer.token, command.direction, dollars(command.cents))
      const fits =
        command.direction === 'in' ? command.cents <= model.balanceCents : command.cents <= model.savingsCents
      if (command.direction === 'out' || noPositions) {
        expect(response.statusCode, response.body).toBe(fits ? 201 : 422)
      } else {
        expect([201, 422], response.body).toContain(response.statusCode)
      }
      return
    }
    case 'open': {
      const response = await storeTrade(app, customer.token, order(btcusd, 'buy', 0.01))
      expect([201, 422], response.body).toContain(response.statusCode)
      if (response.statusCode === 201)
        model.openTrades.push((response.json() as { data: { id: number } }).data.id)
      return
    }
    case 'close': {
      const index = command.pick % Math.max(1, model.openTrades.length)
      const tradeId = model.openTrades[index]
      if (tradeId === undefined) return
      const response = await closeTrade(app, customer.token, tradeId)
      expect(response.statusCode, response.body).toBe(200)
      model.openTrades.splice(index, 1)
      return
    }
  }
}

it('keeps every balance equal to its ledger, never negative, and each hold spent once', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }), async (commands) => {
      const customer = await newCustomer(server.app, { verified: true })
      const model: Model = { withdrawals: [], openTrades: [], balanceCents: 0, savingsCents: 0 }
      for (const command of commands) {
        await step(customer, model, command)
        const { balanceCents, savingsCents, reservedCents } = await expectLedgerInvariants(
          server.app,
          customer.id,
        )
        model.balanceCents = balanceCents
        model.savingsCents = savingsCents
        const held = model.withdrawals.filter(
          (entry) => entry.status === 'in_review' || entry.status === 'approved',
        )
        expect(reservedCents).toBe(held.reduce((sum, entry) => sum + entry.cents, 0))
      }
      const summary = await summaryOf(server.app, customer.token)
      const { reservedCents } = await expectLedgerInvariants(server.app, customer.id)
      expect(Math.round(summary.reserved * 100)).toBe(reservedCents)
      expect(Math.round(summary.balance * 100)).toBe(model.balanceCents)
      expect(Math.round(summary.savings * 100)).toBe(model.savingsCents)
    }),
    { numRuns: NUM_RUNS, endOnFailure: true },
  )
}, 240_000)
