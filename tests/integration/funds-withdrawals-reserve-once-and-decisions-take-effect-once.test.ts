// Withdrawals (decision 0019): the amount is held the moment the request is stored, only if it fits what can be
// withdrawn now (min of the balance and the free margin at the engine's prices), so concurrent requests that
// together exceed it are accepted only as far as they fit. Every change of status takes effect once: of two admins
// deciding at once one wins (409 for the other), a rejection or a cancel releases once, sent is marked once, and
// a cancel after a decision (or a decision after a cancel) changes nothing. Runs on PGlite and, when one answers,
// on PostgreSQL, where the transactions really run side by side.
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, ledgerEntries, mailOutbox } from '../../server/db/schema'
import {
  AUDIT_ACTIONS,
  CHANNELS,
  CryptoAddressResponseSchema,
  FUNDS_UPDATED_EVENT,
  FundsUpdatedEventSchema,
  IDEMPOTENCY_KEY_HEADER,
  MAIL_KINDS,
  REQUEST_DECISION_MESSAGES,
  WITHDRAWAL_MESSAGES,
  WithdrawalResponseSchema,
  WithdrawalsResponseSchema,
} from '../../src/domain/contract'
import { call, decide, newAdmin, pusherKeyOf } from './support/back-office'
import {
  bankWithdrawal,
  cents,
  depositByCard,
  expectLedgerInvariants,
  FUNDS_RATE_LIMITS,
  messageOf,
  postWithdrawal,
  summaryOf,
  withdraw,
} from './support/funds'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { closeAllClients } from './support/realtime-clients'
import { DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'
import {
  assetBySymbol,
  balanceOf,
  listAssets,
  newCustomer,
  newKey,
  openPosition,
  order,
  recordChannel,
} from './support/trading'

const RACERS = 10
const pgAvailable = await postgresReachable('funds-withdrawals-reserve-once-and-decisions-take-effect-once')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('on $name', ({ postgres }) => {
  let server: ListeningServer
  let database: ThrowawayDatabase | undefined
  let adminTokens: [string, string]

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    server = await listenTestApp({
      rateLimits: FUNDS_RATE_LIMITS,
      funds: { jobs: false },
      realtime: { prices: { ticksPerSecond: 0, seed: 11, historyMinutes: 60, ignoreMarketHours: true } },
      ...(database ? { databaseUrl: database.url } : {}),
    })
    adminTokens = [await loginToken(server.app, DEMO_ADMIN), (await newAdmin(server.app)).token]
  })
  afterAll(async () => {
    closeAllClients()
    await server?.close()
    await database?.drop()
  })

  async function funded(amount: number) {
    const customer = await newCustomer(server.app, { verified: true })
    await depositByCard(server.app, customer.token, amount)
    return customer
  }

  it('accepts concurrent withdrawals only as far as they fit what can be withdrawn', async () => {
    const { app } = server
    const customer = await funded(1000)
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => postWithdrawal(app, customer.token, bankWithdrawal(150))),
    )
    const accepted = answers.filter((response) => response.statusCode === 201)
    const refused = answers.filter((response) => response.statusCode === 422)
    expect(accepted.length).toBe(6)
    expect(refused.length).toBe(RACERS - 6)
    for (const response of refused) {
      expect(response.json().message).toMatch(
        /^The amount is more than you can withdraw now\. You can withdraw at most \$\d+\.00 now\.$/,
      )
    }
    expect(await balanceOf(app, customer.id)).toBe('100.00')
    const summary = await summaryOf(app, customer.token)
    expect(summary).toMatchObject({ balance: 100, reserved: 900, withdrawable: 100, savings: 0 })
    const { reservedCents } = await expectLedgerInvariants(app, customer.id)
    expect(reservedCents).toBe(90_000)
  })

  it('holds withdrawals against the free margin of open positions', async () => {
    const { app } = server
    const customer = await funded(1000)
    const btcusd = assetBySymbol(await listAssets(app), 'BTCUSD')
    await openPosition(app, customer.token, order(btcusd, 'buy', 0.5))
    const summary = await summaryOf(app, customer.token)
    expect(summary.margin).toBeGreaterThan(0)
    expect(summary.withdrawable).toBeLessThan(summary.balance)
    // The free margin rounded down to the cent (equity and margin are shown rounded, so allow two cents).
    expect(summary.withdrawable).toBeLessThanOrEqual(summary.free_margin)
    expect(summary.withdrawable).toBeGreaterThan(summary.free_margin - 0.02)

    const tooMuch = await postWithdrawal(
      app,
      customer.token,
      bankWithdrawal((summary.withdrawable + 0.01).toFixed(2)),
    )
    expect(messageOf(tooMuch, 422)).toContain(`at most $${summary.withdrawable.toFixed(2)}`)
    const exact = await postWithdrawal(app, customer.token, bankWithdrawal(summary.withdrawable.toFixed(2)))
    expect(exact.statusCode, exact.body).toBe(201)
    expect((await summaryOf(app, customer.token)).withdrawable).toBe(0)
    await expectLedgerInvariants(app, customer.id)
  })

  it('refuses a customer below verification level 2 with 403, holding nothing, until the identity is approved', async () => {
    const { app } = server
    const customer = await newCustomer(app)
    await depositByCard(app, customer.token, 300)
    expect(messageOf(await postWithdrawal(app, customer.token, bankWithdrawal(100)), 403)).toBe(
      WITHDRAWAL_MESSAGES.NEEDS_VERIFICATION,
    )
    expect(await balanceOf(app, customer.id)).toBe('300.00')
    expect((await summaryOf(app, customer.token)).reserved).toBe(0)

    const verified = await newCustomer(app, { verified: true })
    await depositByCard(app, verified.token, 300)
    expect((await postWithdrawal(app, verified.token, bankWithdrawal(100))).statusCode).toBe(201)
    expect(await balanceOf(app, verified.id)).toBe('200.00')
    await expectLedgerInvariants(app, customer.id)
  })

  it('replays a withdrawal under its key, refuses the key for another, and needs one', async () => {
    const { app } = server
    const customer = await funded(500)
    const key = newKey()
    const first = await postWithdrawal(app, customer.token, bankWithdrawal(100), key)
    expect(first.statusCode, first.body).toBe(201)
    const again = await postWithdrawal(app, customer.token, bankWithdrawal(100), key)
    expect(again.statusCode).toBe(200)
    expect(again.json().data.id).toBe(first.json().data.id)
    expect((await postWithdrawal(app, customer.token, bankWithdrawal(101), key)).statusCode).toBe(422)
    const keyless = await call(app, customer.token, 'POST', '/funds/withdrawals', bankWithdrawal(10))
    expect(keyless.statusCode).toBe(422)
    expect(messageOf(await postWithdrawal(app, customer.token, bankWithdrawal(5)), 422)).toBe(
      'Withdrawals must be from $10.00 to $50,000.00.',
    )
    expect(await balanceOf(app, customer.id)).toBe('400.00')
    const listed = WithdrawalsResponseSchema.parse(
      (await call(app, customer.token, 'GET', '/funds/withdrawals')).json(),
    )
    expect(listed.data).toHaveLength(1)
    expect(listed.data[0]).toMatchObject({ status: 'in_review', destination: 'Bank ••••6819', amount: 100 })
    expect(listed.data[0]?.reference).toMatch(/^WD-[A-Z0-9]{10}$/)
  })

  it('sends card withdrawals back to a card deposited with, and crypto ones to a valid address only', async () => {
    const { app } = server
    const customer = await newCustomer(app, { verified: true })
    const deposit = await depositByCard(app, customer.token, 300)
    const stranger = await funded(300)
    const strangerDeposits = (await call(app, stranger.token, 'GET', '/funds/deposits')).json()
      .data as Array<{ id: number }>

    const card = await postWithdrawal(app, customer.token, {
      method: 'card',
      amount: 50,
      card_deposit_id: deposit.id,
    })
    expect(card.statusCode, card.body).toBe(201)
    expect(card.json().data.destination).toBe('Visa •••• 4242')
    const foreignCard = await postWithdrawal(app, customer.token, {
      method: 'card',
      amount: 50,
      card_deposit_id: strangerDeposits[0]!.id,
    })
    expect(messageOf(foreignCard, 422)).toBe(WITHDRAWAL_MESSAGES.UNKNOWN_CARD)

    const address = CryptoAddressResponseSchema.parse(
      (await call(app, stranger.token, 'GET', '/funds/crypto/tether/trc20/address')).json(),
    ).data.address
    const crypto = await postWithdrawal(app, customer.token, {
      method: 'crypto',
      amount: 60,
      coin: 'tether',
      network: 'trc20',
      address,
    })
    expect(crypto.statusCode, crypto.body).toBe(201)
    expect(crypto.json().data.destination).toBe(`USDT (TRC20) ${address.slice(0, 4)}…${address.slice(-4)}`)
    const broken = `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`
    const bad = await postWithdrawal(app, customer.token, {
      method: 'crypto',
      amount: 60,
      coin: 'tether',
      network: 'trc20',
      address: broken,
    })
    expect(messageOf(bad, 422)).toBe(WITHDRAWAL_MESSAGES.BAD_ADDRESS)
    expect(await balanceOf(app, customer.id)).toBe('190.00')
    await expectLedgerInvariants(app, customer.id)
  })

  it('takes each decision once: two admins at once, one 200 and one 409, released at most once', async () => {
    const { app } = server
    for (const decisions of [
      ['approve', 'reject'],
      ['reject', 'reject'],
      ['approve', 'approve'],
    ] as const) {
      const customer = await funded(200)
      const request = await withdraw(app, customer.token, 120)
      const answers = await Promise.all(
        decisions.map((decision, index) =>
          decide(app, adminTokens[index]!, 'withdrawal', request.id, {
            decision,
            ...(decision === 'reject' ? { reason: 'Bank details do not match' } : {}),
          }),
        ),
      )
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
        REQUEST_DECISION_MESSAGES.ALREADY_DECIDED,
      )
      const { reservedCents, balanceCents } = await expectLedgerInvariants(app, customer.id)
      const [row] = WithdrawalsResponseSchema.parse(
        (await call(app, customer.token, 'GET', '/funds/withdrawals')).json(),
      ).data
      if (row?.status === 'approved') {
        expect([reservedCents, balanceCents]).toEqual([12_000, 8_000])
      } else {
        expect(row).toMatchObject({ status: 'rejected', reason: 'Bank details do not match' })
        expect([reservedCents, balanceCents]).toEqual([0, 20_000])
      }
      // The customer can no longer cancel a decided withdrawal.
      expect(
        messageOf(await call(app, customer.token, 'POST', `/funds/withdrawals/${request.id}/cancel`), 409),
      ).toBe(WITHDRAWAL_MESSAGES.NOT_CANCELLABLE)
      await expectLedgerInvariants(app, customer.id)
    }
  })

  it('cancels while in review only, releasing once; a decision after it changes nothing', async () => {
    const { app, baseUrl } = server
    const customer = await funded(200)
    const stranger = await newCustomer(app, { verified: true })
    const channel = await recordChannel(
      baseUrl,
      await pusherKeyOf(app),
      customer.token,
      CHANNELS.user(customer.id),
    )
    const heard = channel.next(FUNDS_UPDATED_EVENT)
    const request = await withdraw(app, customer.token, 80)
    expect(FundsUpdatedEventSchema.parse(await heard)).toEqual({
      kind: 'withdrawal',
      id: request.id,
      status: 'in_review',
    })

    expect(
      (await call(app, stranger.token, 'POST', `/funds/withdrawals/${request.id}/cancel`)).statusCode,
    ).toBe(404)
    const cancels = await Promise.all([
      call(app, customer.token, 'POST', `/funds/withdrawals/${request.id}/cancel`),
      call(app, customer.token, 'POST', `/funds/withdrawals/${request.id}/cancel`),
    ])
    expect(cancels.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const cancelled = WithdrawalResponseSchema.parse(
      cancels.find((response) => response.statusCode === 200)!.json(),
    )
    expect(cancelled).toMatchObject({ message: WITHDRAWAL_MESSAGES.CANCELLED, data: { status: 'cancelled' } })
    expect(cancelled.data.cancelled_at).not.toBeNull()
    expect(await balanceOf(app, customer.id)).toBe('200.00')

    expect(
      (await decide(app, adminTokens[0], 'withdrawal', request.id, { decision: 'approve' })).statusCode,
    ).toBe(409)
    const queue = (
      await call(app, adminTokens[0], 'GET', `/admin/requests?type=withdrawal&status=rejected`)
    ).json().data as Array<{ id: number; detail: string }>
    expect(queue.find((row) => row.id === request.id)).toMatchObject({
      detail: expect.stringMatching(/cancelled by the customer$/),
      state: 'cancelled',
    })
    await expectLedgerInvariants(app, customer.id)
  })

  it('marks an approved withdrawal sent once, audited, and tells the customer', async () => {
    const { app, baseUrl } = server
    const customer = await funded(300)
    const request = await withdraw(app, customer.token, 250)
    const sent = (token: string) =>
      call(app, token, 'POST', `/admin/withdrawals/${request.id}/sent`, { payout_reference: 'PAYOUT-778' })

    expect(messageOf(await sent(adminTokens[0]), 409)).toBe(WITHDRAWAL_MESSAGES.NOT_SENDABLE)
    expect(
      (await decide(app, adminTokens[0], 'withdrawal', request.id, { decision: 'approve' })).statusCode,
    ).toBe(200)
    const channel = await recordChannel(
      baseUrl,
      await pusherKeyOf(app),
      customer.token,
      CHANNELS.user(customer.id),
    )
    const before = await app.db.$count(auditEvents, eq(auditEvents.action, AUDIT_ACTIONS.WITHDRAWAL_SENT))
    const heard = channel.next(FUNDS_UPDATED_EVENT)
    const answers = await Promise.all([sent(adminTokens[0]), sent(adminTokens[1])])
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409])
    expect(await app.db.$count(auditEvents, eq(auditEvents.action, AUDIT_ACTIONS.WITHDRAWAL_SENT))).toBe(
      before + 1,
    )
    expect(FundsUpdatedEventSchema.parse(await heard)).toEqual({
      kind: 'withdrawal',
      id: request.id,
      status: 'sent',
    })
    const [row] = WithdrawalsResponseSchema.parse(
      (await call(app, customer.token, 'GET', '/funds/withdrawals')).json(),
    ).data
    expect(row).toMatchObject({ status: 'sent', payout_reference: 'PAYOUT-778' })
    expect(row?.sent_at).not.toBeNull()
    // Captured: the hold stays, nothing is released.
    expect(await balanceOf(app, customer.id)).toBe('50.00')
    expect(
      await app.db.$count(
        ledgerEntries,
        and(eq(ledgerEntries.withdrawalId, request.id), eq(ledgerEntries.kind, 'withdrawal_release')),
      ),
    ).toBe(0)
    const { reservedCents } = await expectLedgerInvariants(app, customer.id)
    expect(reservedCents).toBe(0)
    expect((await summaryOf(app, customer.token)).reserved).toBe(0)
    const queue = (
      await call(app, adminTokens[0], 'GET', `/admin/requests?type=withdrawal&status=approved`)
    ).json().data as Array<{ id: number; detail: string }>
    expect(queue.find((entry) => entry.id === request.id)).toMatchObject({
      detail: expect.stringMatching(/sent \(PAYOUT-778\)$/),
      state: 'sent',
    })
    expect(
      (
        await call(app, customer.token, 'POST', `/admin/withdrawals/${request.id}/sent`, {
          payout_reference: 'x',
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await call(app, adminTokens[0], 'POST', '/admin/withdrawals/999999/sent', { payout_reference: 'x' }))
        .statusCode,
    ).toBe(404)
  })

  it('mails the customer every state: received, approved, sent; a rejection with its reason; a cancel', async () => {
    const { app } = server
    const customer = await funded(500)
    // The outbox mailer writes after the request answers (mail never holds a request up): wait for the row.
    const mailsTo = async (count: number) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const rows = await app.db
          .select({ subject: mailOutbox.subject, text: mailOutbox.text, kind: mailOutbox.kind })
          .from(mailOutbox)
          .where(eq(mailOutbox.userId, customer.id))
          .orderBy(asc(mailOutbox.id))
        if (rows.length >= count) return rows
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`fewer than ${count} mails to customer ${customer.id}`)
    }
    const paid = await withdraw(app, customer.token, 100)
    await decide(app, adminTokens[0], 'withdrawal', paid.id, { decision: 'approve' })
    await call(app, adminTokens[0], 'POST', `/admin/withdrawals/${paid.id}/sent`, {
      payout_reference: 'PAYOUT-9',
    })
    const refused = await withdraw(app, customer.token, 50)
    await decide(app, adminTokens[0], 'withdrawal', refused.id, {
      decision: 'reject',
      reason: 'The bank account is not in your name.',
    })
    const dropped = await withdraw(app, customer.token, 20)
    await call(app, customer.token, 'POST', `/funds/withdrawals/${dropped.id}/cancel`)

    const mails = await mailsTo(7)
    expect(mails.every((mail) => mail.kind === MAIL_KINDS.WITHDRAWAL_STATUS)).toBe(true)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your withdrawal is in review',
      'Your withdrawal is approved',
      'Your withdrawal is sent',
      'Your withdrawal is in review',
      'Your withdrawal is rejected',
      'Your withdrawal is in review',
      'Your withdrawal is cancelled',
    ])
    expect(mails[2]?.text).toContain('100.00 USD (reference PAYOUT-9)')
    expect(mails[4]?.text).toContain('Reason: The bank account is not in your name.')
    expect(mails[4]?.text).toContain(refused.reference)
  })

  it('lists withdrawals in the admin client page and the customer summary adds up', async () => {
    const { app } = server
    const customer = await funded(400)
    await withdraw(app, customer.token, 100)
    const client = (await call(app, adminTokens[0], 'GET', `/admin/users/${customer.id}`)).json().data as {
      pending_requests: Array<{ type: string }>
      ledger: Array<{ kind: string; account?: string }>
    }
    expect(client.pending_requests.map((request) => request.type)).toContain('withdrawal')
    expect(client.ledger.map((entry) => entry.kind)).toEqual(['withdrawal_hold', 'deposit'])
    expect(client.ledger.every((entry) => entry.account === 'trading')).toBe(true)
    const summary = await summaryOf(app, customer.token)
    expect(cents(summary.balance) + cents(summary.reserved)).toBe(40_000)
    expect(
      (
        await call(app, customer.token, 'POST', '/funds/withdrawals', bankWithdrawal(10), {
          [IDEMPOTENCY_KEY_HEADER]: 'bad key!',
        })
      ).statusCode,
    ).toBe(422)
  })
})
