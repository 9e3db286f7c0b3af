// Back-office writes that must happen once (decision 0017): of many admins deciding one request at once,
// exactly one wins and the rest get 409, with one audit row and one notification; a balance adjustment books once
// per Idempotency-Key (the same body answers the first result again, another body is refused), never takes the
// balance below zero (also when withdrawals race), takes two decimals at most, leaves a ledger entry with the
// balance it left, and tells the customer's tabs with user.updated. Runs on PGlite and, when one answers, on
// PostgreSQL, where the transactions really run side by side.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditEvents,
  autotraderRequests,
  ledgerEntries,
  notifications,
  planUpgradeRequests,
  users,
} from '../../server/db/schema'
import {
  ADJUSTMENT_MESSAGES,
  AdjustmentResponseSchema,
  AdminClientResponseSchema,
  AUDIT_ACTIONS,
  CHANNELS,
  PUSH_EVENTS,
  REQUEST_DECISION_MESSAGES,
  RequestDecisionResponseSchema,
  UserUpdatedEventSchema,
  type AdjustmentRequest,
  type RequestDecision,
} from '../../src/domain/contract'
import { adjust, call, decide, newAdmin, pusherKeyOf } from './support/back-office'
import { planIdOf, post, userOf } from './support/marketplace'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { closeAllClients, eventually } from './support/realtime-clients'
import { balanceOf, newCustomer, newKey, recordChannel, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'

const RACERS = 20
const REQUEST_TYPES = ['autotrader', 'plan_upgrade', 'account'] as const
type RequestType = (typeof REQUEST_TYPES)[number]

const pgAvailable = await postgresReachable('back-office-decisions-and-adjustments-happen-once')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('on $name', ({ postgres }) => {
  let server: ListeningServer
  let database: ThrowawayDatabase | undefined
  let pusherKey: string
  /** Two admins, as two people at their desks. */
  let adminTokens: [string, string]

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    server = await listenTestApp({
      realtime: { prices: { ticksPerSecond: 0, seed: 17, historyMinutes: 60 } },
      rateLimits: {
        ...ROOMY_RATE_LIMITS,
        autotraderRequest: { max: 10_000, windowMs: 60_000 },
        planUpgrade: { max: 10_000, windowMs: 60_000 },
      },
      ...(database ? { databaseUrl: database.url } : {}),
    })
    pusherKey = await pusherKeyOf(server.app)
    adminTokens = [await loginToken(server.app, DEMO_ADMIN), (await newAdmin(server.app)).token]
  })
  afterAll(async () => {
    closeAllClients()
    await server?.close()
    await database?.drop()
  })

  const admin = () => adminTokens[0]

  /** A customer with one pending request of this type, and the request's id in the queue. */
  async function pendingRequest(type: RequestType) {
    const app = server.app
    if (type === 'account') {
      const customer = await newCustomer(app, { status: 'pending' })
      return { customer, requestId: customer.id }
    }
    const customer = await newCustomer(app)
    if (type === 'autotrader') {
      expect(
        (await post(app, customer.token, '/update/autotrader', { autotrader_type: 'low' })).statusCode,
      ).toBe(200)
      const [row] = await app.db
        .select({ id: autotraderRequests.id })
        .from(autotraderRequests)
        .where(eq(autotraderRequests.userId, customer.id))
      return { customer, requestId: row?.id ?? 0 }
    }
    const upgraded = await post(app, customer.token, '/plans/upgrade', {
      plan_id: await planIdOf(app, 'pro'),
    })
    expect(upgraded.statusCode, upgraded.body).toBe(200)
    const [row] = await app.db
      .select({ id: planUpgradeRequests.id })
      .from(planUpgradeRequests)
      .where(eq(planUpgradeRequests.userId, customer.id))
    return { customer, requestId: row?.id ?? 0 }
  }

  /** What approving did to the customer, read back from the database. */
  async function approvedEffect(type: RequestType, customerId: number): Promise<boolean> {
    const [row] = await server.app.db.select().from(users).where(eq(users.id, customerId))
    if (type === 'autotrader') return row?.autotrader === true
    if (type === 'plan_upgrade') return row?.accountTypeId === (await planIdOf(server.app, 'pro'))
    return row?.status === 'active'
  }

  describe('request decisions', () => {
    it.each(REQUEST_TYPES)(
      `let exactly one of ${RACERS} simultaneous decisions on a %s request win; the others get 409`,
      async (type) => {
        const { customer, requestId } = await pendingRequest(type)
        const decisions: RequestDecision[] = [
          { decision: 'approve' },
          { decision: 'reject', reason: 'Raced by another admin' },
        ]
        const responses = await Promise.all(
          Array.from({ length: RACERS }, (_, n) =>
            decide(
              server.app,
              adminTokens[n % 2] as string,
              type,
              requestId,
              decisions[n % 2] as RequestDecision,
            ),
          ),
        )
        expect(responses.map((response) => response.statusCode).sort()).toEqual([
          200,
          ...Array<number>(RACERS - 1).fill(409),
        ])
        for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
          expect(refusal(response, 409)).toEqual({ message: REQUEST_DECISION_MESSAGES.ALREADY_DECIDED })
        }
        const winner = responses.find((response) => response.statusCode === 200)
        const decided = RequestDecisionResponseSchema.parse(winner?.json()).data
        expect(decided).toMatchObject({ id: requestId, type, user_id: customer.id })
        const approved = decided.status === 'approved'

        // The winner's decision, and only it, took effect: one change, one audit row, one notification.
        expect(await approvedEffect(type, customer.id)).toBe(approved)
        const audited = await server.app.db
          .select()
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.targetUserId, customer.id),
              eq(auditEvents.action, AUDIT_ACTIONS.REQUEST_DECIDED),
            ),
          )
        expect(audited).toHaveLength(1)
        // The row's `status` is the request's; a sign-up's row also records the account status it left.
        expect(audited[0]?.after).toMatchObject({
          type,
          id: requestId,
          status: decided.status,
          ...(type === 'account' ? { account_status: approved ? 'active' : 'deactivated' } : {}),
        })
        const notified = await server.app.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, customer.id))
        expect(notified.map((row) => row.title)).toEqual([approved ? 'Request approved' : 'Request rejected'])
      },
    )
  })

  describe('balance adjustments', () => {
    const deposit: AdjustmentRequest = { amount: '125.40', kind: 'deposit', reason: 'Wire received' }

    async function ledgerOf(customerId: number) {
      return server.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, customerId), eq(ledgerEntries.kind, 'adjustment')))
        .orderBy(ledgerEntries.id)
    }

    it(`book once for ${RACERS} simultaneous retries with one key, and answer a later retry with the first result`, async () => {
      const customer = await newCustomer(server.app, { balanceUsd: '10.00' })
      const key = newKey()
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, n) =>
          adjust(server.app, adminTokens[n % 2] as string, customer.id, deposit, key),
        ),
      )
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        200,
        ...Array<number>(RACERS - 2).fill(200),
        201,
      ])
      const answers = responses.map((response) => AdjustmentResponseSchema.parse(response.json()).data)
      const [first] = answers
      expect(new Set(answers.map((answer) => answer.entry.id)).size).toBe(1)
      expect(first?.entry).toMatchObject({ amount: 125.4, balance_after: 135.4, adjustment_kind: 'deposit' })

      // Later, and with the amount spelled another way: still the same adjustment.
      const later = await adjust(server.app, admin(), customer.id, { ...deposit, amount: 125.4 }, key)
      expect(later.statusCode, later.body).toBe(200)
      expect(AdjustmentResponseSchema.parse(later.json()).data.entry).toEqual(first?.entry)

      expect(await balanceOf(server.app, customer.id)).toBe('135.40')
      expect(await ledgerOf(customer.id)).toHaveLength(1)
      expect(
        await server.app.db.$count(
          auditEvents,
          and(
            eq(auditEvents.targetUserId, customer.id),
            eq(auditEvents.action, AUDIT_ACTIONS.BALANCE_ADJUSTED),
          ),
        ),
      ).toBe(1)
    })

    it('refuse the same key with another body (422) and leave the balance as it was', async () => {
      const customer = await newCustomer(server.app, { balanceUsd: '10.00' })
      const key = newKey()
      expect((await adjust(server.app, admin(), customer.id, deposit, key)).statusCode).toBe(201)
      for (const other of [
        { ...deposit, amount: '125.41' },
        { ...deposit, kind: 'credit' as const },
        { ...deposit, reason: 'Another wire' },
      ]) {
        expect(refusal(await adjust(server.app, admin(), customer.id, other, key), 422).message).toBe(
          'This Idempotency-Key was already used for a different adjustment.',
        )
      }
      expect(await balanceOf(server.app, customer.id)).toBe('135.40')
      expect(await ledgerOf(customer.id)).toHaveLength(1)
      // The key is the customer's: another customer's adjustment may use it.
      const other = await newCustomer(server.app)
      expect((await adjust(server.app, admin(), other.id, deposit, key)).statusCode).toBe(201)
    })

    it('refuse a result below zero with 422 and leave the balance and the ledger as they were', async () => {
      const customer = await newCustomer(server.app, { balanceUsd: '30.00' })
      for (const body of [
        { amount: '-30.01', kind: 'withdrawal', reason: 'More than there is' },
        { amount: '-1000', kind: 'correction', reason: 'Booked twice' },
      ] as const) {
        const refused = refusal(await adjust(server.app, admin(), customer.id, body, newKey()), 422)
        expect(refused).toEqual({
          message: ADJUSTMENT_MESSAGES.BELOW_ZERO,
          errors: { amount: [ADJUSTMENT_MESSAGES.BELOW_ZERO] },
        })
      }
      expect(await balanceOf(server.app, customer.id)).toBe('30.00')
      expect(await ledgerOf(customer.id)).toEqual([])
      // Down to exactly zero is allowed.
      const all = await adjust(
        server.app,
        admin(),
        customer.id,
        { amount: '-30.00', kind: 'withdrawal', reason: 'Closing' },
        newKey(),
      )
      expect(all.statusCode, all.body).toBe(201)
      expect(await balanceOf(server.app, customer.id)).toBe('0.00')
    })

    it(`never take the balance below zero when ${RACERS} withdrawals race`, async () => {
      const customer = await newCustomer(server.app, { balanceUsd: '100.00' })
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, n) =>
          adjust(
            server.app,
            adminTokens[n % 2] as string,
            customer.id,
            { amount: '-10', kind: 'withdrawal', reason: `Payout ${n}` },
            newKey(),
          ),
        ),
      )
      const codes = responses.map((response) => response.statusCode)
      expect(codes.filter((code) => code === 201)).toHaveLength(10)
      expect(codes.filter((code) => code === 422)).toHaveLength(10)
      expect(await balanceOf(server.app, customer.id)).toBe('0.00')
      const ledger = await ledgerOf(customer.id)
      expect(ledger.map((entry) => entry.balanceAfterUsd).sort()).toEqual(
        ['0.00', '10.00', '20.00', '30.00', '40.00', '50.00', '60.00', '70.00', '80.00', '90.00'].sort(),
      )
    })

    it('refuse more than two decimals, zero, the wrong sign for the kind and a missing key with 422', async () => {
      const customer = await newCustomer(server.app, { balanceUsd: '50.00' })
      const refusals: Array<[string, AdjustmentRequest]> = [
        ['amount', { ...deposit, amount: '10.005' }],
        ['amount', { ...deposit, amount: 0.1 + 0.2 }],
        ['amount', { ...deposit, amount: '0.00' }],
        ['amount', { ...deposit, amount: '1e3' }],
        ['amount', { ...deposit, amount: '-5' }],
        ['amount', { amount: '5', kind: 'withdrawal', reason: 'Sign' }],
        ['reason', { ...deposit, reason: '' }],
        ['kind', { ...deposit, kind: 'gift' as 'deposit' }],
      ]
      for (const [field, body] of refusals) {
        const refused = refusal(await adjust(server.app, admin(), customer.id, body, newKey()), 422)
        expect(Object.keys(refused.errors ?? {}), JSON.stringify(body)).toContain(field)
      }
      const withoutKey = await call(
        server.app,
        admin(),
        'POST',
        `/admin/users/${customer.id}/adjustments`,
        deposit,
      )
      expect(Object.keys(refusal(withoutKey, 422).errors ?? {})).toEqual(['Idempotency-Key'])
      expect(await balanceOf(server.app, customer.id)).toBe('50.00')
      expect(await ledgerOf(customer.id)).toEqual([])
    })

    it('adjust customers only (422 for an admin, 404 for nobody)', async () => {
      const officer = await newAdmin(server.app)
      expect((await adjust(server.app, admin(), officer.id, deposit, newKey())).statusCode).toBe(422)
      expect((await adjust(server.app, admin(), 999_999, deposit, newKey())).statusCode).toBe(404)
    })

    it('leave a ledger entry with the balance after it, and push user.updated to the customer', async () => {
      const customer = await newCustomer(server.app, { balanceUsd: '200.00' })
      const channel = await recordChannel(
        server.baseUrl,
        pusherKey,
        customer.token,
        CHANNELS.user(customer.id),
      )

      const pushed = channel.next(PUSH_EVENTS.USER_UPDATED)
      const credited = await adjust(
        server.app,
        admin(),
        customer.id,
        { amount: '0.10', kind: 'credit', reason: 'Goodwill' },
        newKey(),
      )
      expect(credited.statusCode, credited.body).toBe(201)
      expect(UserUpdatedEventSchema.parse(await pushed).user_id).toBe(customer.id)

      const correction = await adjust(
        server.app,
        admin(),
        customer.id,
        { amount: '-0.35', kind: 'correction', reason: 'Fee booked short' },
        newKey(),
      )
      expect(correction.statusCode, correction.body).toBe(201)
      const { entry, balance } = AdjustmentResponseSchema.parse(correction.json()).data
      expect(balance).toBe(199.75)
      expect(entry).toMatchObject({
        kind: 'adjustment',
        adjustment_kind: 'correction',
        amount: -0.35,
        balance_after: 199.75,
        reason: 'Fee booked short',
        trade_id: null,
      })

      const rows = await ledgerOf(customer.id)
      expect(rows.map((row) => [row.amountUsd, row.balanceAfterUsd, row.adjustmentKind])).toEqual([
        ['0.10', '200.10', 'credit'],
        ['-0.35', '199.75', 'correction'],
      ])
      expect(rows.every((row) => row.actorId !== null && row.idempotencyKey !== null)).toBe(true)

      // The client page and the customer's own account show the same.
      const detail = await call(server.app, admin(), 'GET', `/admin/users/${customer.id}`)
      const client = AdminClientResponseSchema.parse(detail.json()).data
      expect(client.ledger.slice(0, 2).map((row) => row.balance_after)).toEqual([199.75, 200.1])
      expect(client.balance).toBe(199.75)
      expect((await userOf(server.app, customer.token)).balance).toBe(199.75)
      await eventually(() =>
        expect(channel.events.filter((event) => event.event === PUSH_EVENTS.USER_UPDATED)).toHaveLength(2),
      )
    })
  })
})
