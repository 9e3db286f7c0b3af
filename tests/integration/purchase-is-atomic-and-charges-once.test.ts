// POST /purchase/ea: buying an advisor moves the balance once, with one ledger row that agrees with it to the cent,
// and adds it to the customer's eas, all in one transaction. Buying it again, or ten times at once, charges
// nothing more and answers success again; a refusal (plan, balance, unknown advisor) changes nothing. Runs on PGlite
// and, when one answers, on PostgreSQL, where the transactions really run side by side (and on two instances).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ACCOUNT_STATUS_MESSAGES,
  CHANNELS,
  EXPERT_ADVISOR_MESSAGES,
  PUSH_EVENTS,
  PurchaseExpertAdvisorResponseSchema,
} from '../../src/domain/contract'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import {
  advisorIdOf,
  catalogOf,
  movePlan,
  ownsAdvisor,
  purchase,
  purchasesOf,
  userOf,
} from './support/marketplace'
import { balanceOf, fundedCustomer, newCustomer, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 7, historyMinutes: 60 }
const RACERS = 10
const ROOMY = { ...ROOMY_RATE_LIMITS, eaPurchase: { max: 10_000, windowMs: 60_000 } }

const pgAvailable = await postgresReachable('purchase-is-atomic-and-charges-once')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

function expectPurchased(response: Awaited<ReturnType<typeof purchase>>) {
  expect(response.statusCode, response.body).toBe(200)
  expect(PurchaseExpertAdvisorResponseSchema.parse(response.json())).toEqual({
    status: 'success',
    message: 'Expert Advisor purchased successfully',
  })
}

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let scalperPro: number
  let trendRider: number
  let quantumEdge: number

  const options = () => ({
    realtime: { prices: FROZEN },
    rateLimits: ROOMY,
    ...(database ? { databaseUrl: database.url } : {}),
  })

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp(options())
    scalperPro = await advisorIdOf(app, 'scalper-pro')
    trendRider = await advisorIdOf(app, 'trend-rider')
    quantumEdge = await advisorIdOf(app, 'quantum-edge')
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  /** One purchase booked: balance down by the price, one ledger row with the balance it left, owned. */
  async function expectBoughtOnce(customerId: number, advisorId: number, before: string, price: string) {
    const balance = await balanceOf(app, customerId)
    expect(balance).toBe((Number(before) - Number(price)).toFixed(2))
    const ledger = await purchasesOf(app, customerId, advisorId)
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ amountUsd: `-${price}`, balanceAfterUsd: balance })
    expect(await ownsAdvisor(app, customerId, advisorId)).toBe(true)
  }

  it('debits the price once, books it in the ledger and adds the advisor to eas', async () => {
    const customer = await fundedCustomer(app, '1000.00')
    expectPurchased(await purchase(app, customer.token, scalperPro))
    await expectBoughtOnce(customer.id, scalperPro, '1000.00', '149.00')

    const user = await userOf(app, customer.token)
    expect(user.balance).toBe(851)
    expect(user.eas).toContain(scalperPro)
    const listed = (await catalogOf(app, customer.token)).expert_advisors.find((ea) => ea.id === scalperPro)
    expect(listed).toMatchObject({ owned: true, available: true, running: false, amount: '149.00' })
  })

  it('charges nothing when the advisor is bought again, and answers success again', async () => {
    const customer = await fundedCustomer(app, '500.00')
    const trigger = vi.spyOn(app.publisher, 'trigger')
    try {
      expectPurchased(await purchase(app, customer.token, scalperPro))
      // The one purchase tells the customer's tabs (after the commit) to refetch the balance and eas.
      expect(trigger.mock.calls).toEqual([
        [
          CHANNELS.user(customer.id),
          PUSH_EVENTS.USER_UPDATED,
          expect.objectContaining({ user_id: customer.id }),
        ],
      ])
      expectPurchased(await purchase(app, customer.token, scalperPro))
      expectPurchased(await purchase(app, customer.token, scalperPro))
      expect(trigger).toHaveBeenCalledTimes(1)
    } finally {
      trigger.mockRestore()
    }
    await expectBoughtOnce(customer.id, scalperPro, '500.00', '149.00')
  })

  it(`charges once when ${RACERS} purchases of the same advisor arrive at once`, async () => {
    const customer = await fundedCustomer(app, '1000.00')
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => purchase(app, customer.token, scalperPro)),
    )
    for (const response of responses) expectPurchased(response)
    await expectBoughtOnce(customer.id, scalperPro, '1000.00', '149.00')
  })

  it('charges each of several different advisors bought at once, exactly to the cent', async () => {
    const customer = await fundedCustomer(app, '500.00')
    const gridMaster = await advisorIdOf(app, 'grid-master')
    const riskGuard = await advisorIdOf(app, 'risk-guard')
    const responses = await Promise.all(
      [scalperPro, gridMaster, riskGuard, scalperPro, gridMaster, riskGuard].map((id) =>
        purchase(app, customer.token, id),
      ),
    )
    for (const response of responses) expectPurchased(response)
    // 149 + 299 + 49 = 497 of 500.
    expect(await balanceOf(app, customer.id)).toBe('3.00')
    for (const id of [scalperPro, gridMaster, riskGuard]) {
      expect(await purchasesOf(app, customer.id, id)).toHaveLength(1)
    }
  })

  it('adds a free advisor without touching the balance or the ledger', async () => {
    const customer = await fundedCustomer(app, '10.00')
    expectPurchased(await purchase(app, customer.token, trendRider))
    expect(await ownsAdvisor(app, customer.id, trendRider)).toBe(true)
    expect(await balanceOf(app, customer.id)).toBe('10.00')
    expect(await purchasesOf(app, customer.id, trendRider)).toEqual([])
  })

  it('refuses an advisor of another plan with 403 and the spec’s message, and changes nothing', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    expect(refusal(await purchase(app, customer.token, quantumEdge), 403)).toEqual({
      message: EXPERT_ADVISOR_MESSAGES.NOT_FOR_PLAN,
    })
    expect(await balanceOf(app, customer.id)).toBe('10000.00')
    expect(await ownsAdvisor(app, customer.id, quantumEdge)).toBe(false)
    const listed = (await catalogOf(app, customer.token)).expert_advisors.find((ea) => ea.id === quantumEdge)
    expect(listed).toMatchObject({ owned: false, available: false })

    // On the Pro plan the same advisor is for sale.
    await movePlan(app, customer.id, 'pro')
    expectPurchased(await purchase(app, customer.token, quantumEdge))
    await expectBoughtOnce(customer.id, quantumEdge, '10000.00', '499.00')
  })

  it('refuses with 422 when the balance is short, and changes nothing', async () => {
    const customer = await fundedCustomer(app, '148.99')
    const answer = refusal(await purchase(app, customer.token, scalperPro), 422)
    expect(answer.message).toBe(
      'Your balance (148.99 USD) is not enough for this Expert Advisor (149.00 USD).',
    )
    expect(await balanceOf(app, customer.id)).toBe('148.99')
    expect(await ownsAdvisor(app, customer.id, scalperPro)).toBe(false)
    expect(await purchasesOf(app, customer.id, scalperPro)).toEqual([])
    expect((await userOf(app, customer.token)).eas).not.toContain(scalperPro)

    // Exactly the price is enough, and leaves zero.
    const exact = await fundedCustomer(app, '149.00')
    expectPurchased(await purchase(app, exact.token, scalperPro))
    await expectBoughtOnce(exact.id, scalperPro, '149.00', '149.00')
  })

  it('answers 404 for an advisor that does not exist, 422 for a malformed id, 401 without a token', async () => {
    const customer = await fundedCustomer(app, '1000.00')
    expect(refusal(await purchase(app, customer.token, 999_999), 404)).toEqual({
      message: 'Expert Advisor not found',
    })
    // Ids beyond int4 are bounded by the contract (decision 0018).
    for (const id of ['1', 0, -1, 1.5, null, 2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      expect(refusal(await purchase(app, customer.token, id), 422).message).toBe(
        'The given data was invalid.',
      )
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/purchase/ea',
      payload: { expert_advisor_id: scalperPro },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await balanceOf(app, customer.id)).toBe('1000.00')
  })

  it('refuses a pending or deactivated account at the status gate (403), and changes nothing', async () => {
    for (const status of ['pending', 'deactivated'] as const) {
      const customer = await newCustomer(app, { status, balanceUsd: '1000.00' })
      const answer = refusal(await purchase(app, customer.token, scalperPro), 403)
      expect(answer.message).toBe(ACCOUNT_STATUS_MESSAGES[status])
      expect(await balanceOf(app, customer.id)).toBe('1000.00')
      expect(await ownsAdvisor(app, customer.id, scalperPro)).toBe(false)
    }
  })

  describe.runIf(postgres)('with two instances on one database', () => {
    let second: FastifyInstance
    beforeAll(async () => {
      second = await createTestApp(options())
    })
    afterAll(async () => {
      await second?.close()
    })

    it('charges once whichever instance each of the racing purchases reaches', async () => {
      const customer = await fundedCustomer(app, '1000.00')
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, index) =>
          purchase(index % 2 ? second : app, customer.token, scalperPro),
        ),
      )
      for (const response of responses) expectPurchased(response)
      await expectBoughtOnce(customer.id, scalperPro, '1000.00', '149.00')
    })
  })
})
