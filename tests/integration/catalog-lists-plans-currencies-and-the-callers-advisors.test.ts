// GET /catalog (the spec's "shared query") and GET /expert_advisors: currencies with USD first, plans in their order
// with one feature value per plan_features row, and the advisors as the caller sees them (owned, available for
// their plan, running). The Running/Stopped switch exists only for an advisor the caller owns.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ExpertAdvisorRunningResponseSchema,
  ExpertAdvisorsResponseSchema,
  UserResponseSchema,
} from '../../src/domain/contract'
import { advisorIdOf, catalogOf, movePlan, post, purchase } from './support/marketplace'
import { fundedCustomer, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { bearer, createTestApp, DEMO_CUSTOMER, loginToken } from './support/test-server'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 3, historyMinutes: 60 } },
    rateLimits: ROOMY_RATE_LIMITS,
  })
})
afterAll(async () => {
  await app?.close()
})

describe('GET /catalog', () => {
  it('lists currencies, plans aligned to plan_features, and the caller’s advisors', async () => {
    const demo = await loginToken(app, DEMO_CUSTOMER)
    const catalog = await catalogOf(app, demo)

    expect(catalog.currencies[0]).toEqual({ code: 'USD', name: 'US Dollar', symbol: '$', rate: 1 })
    expect(catalog.currencies.map((currency) => currency.code)).toEqual(
      expect.arrayContaining(['EUR', 'GBP', 'JPY']),
    )
    expect(catalog.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92)

    expect(catalog.plans.map((plan) => plan.title)).toEqual(['Basic', 'Pro'])
    expect(catalog.plans.map((plan) => plan.recommended)).toEqual([false, true])
    expect(catalog.plan_features[0]).toMatchObject({ title: 'Minimum deposit', kind: 'amount' })
    for (const plan of catalog.plans) {
      expect(plan.features).toHaveLength(catalog.plan_features.length)
      // docs/product/data-model.md#account-plan: the first feature is an amount.
      expect(Number(plan.features[0])).toBeGreaterThan(0)
    }

    // The demo customer is on Basic and owns Trend Rider (seeded).
    const byName = new Map(catalog.expert_advisors.map((advisor) => [advisor.name, advisor]))
    expect(byName.get('Trend Rider')).toMatchObject({
      owned: true,
      available: true,
      running: false,
      amount_val: 0,
      amount: '0.00',
      type: 'expert_advisor',
    })
    expect(byName.get('Scalper Pro')).toMatchObject({ owned: false, available: true, amount_val: 149 })
    expect(byName.get('Risk Guard')).toMatchObject({ type: 'others', amount: '49.00' })
    expect(byName.get('Quantum Edge')).toMatchObject({
      owned: false,
      available: false,
      required_plan_id: catalog.plans[1]?.id,
    })

    // GET /expert_advisors is the same list.
    const list = await app.inject({ url: '/api/v1/expert_advisors', headers: bearer(demo) })
    expect(list.statusCode).toBe(200)
    expect(ExpertAdvisorsResponseSchema.parse(list.json()).data).toEqual(catalog.expert_advisors)
    expect(list.headers['cache-control']).toContain('no-store')
  })

  it('shows each caller their own plan’s availability', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const quantumEdge = await advisorIdOf(app, 'quantum-edge')
    const before = (await catalogOf(app, customer.token)).expert_advisors
    expect(before.find((advisor) => advisor.id === quantumEdge)?.available).toBe(false)
    expect(before.every((advisor) => !advisor.owned)).toBe(true)
    await movePlan(app, customer.id, 'pro')
    const after = (await catalogOf(app, customer.token)).expert_advisors
    expect(after.find((advisor) => advisor.id === quantumEdge)?.available).toBe(true)
  })

  it('answers 401 without a token', async () => {
    for (const url of ['/api/v1/catalog', '/api/v1/expert_advisors']) {
      const response = await app.inject({ url })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Unauthenticated.' })
    }
  })
})

describe('POST /expert_advisors/{id}/running', () => {
  it('switches an owned advisor between Running and Stopped', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const trendRider = await advisorIdOf(app, 'trend-rider')
    expect((await purchase(app, customer.token, trendRider)).statusCode).toBe(200)

    const started = await post(app, customer.token, `/expert_advisors/${trendRider}/running`, {
      running: true,
    })
    expect(started.statusCode, started.body).toBe(200)
    const answer = ExpertAdvisorRunningResponseSchema.parse(started.json())
    expect(answer.data).toMatchObject({ id: trendRider, owned: true, running: true })
    expect(answer.message).toBe('The Expert Advisor is running.')
    const listed = (await catalogOf(app, customer.token)).expert_advisors
    expect(listed.find((advisor) => advisor.id === trendRider)?.running).toBe(true)

    const stopped = await post(app, customer.token, `/expert_advisors/${trendRider}/running`, {
      running: false,
    })
    expect(ExpertAdvisorRunningResponseSchema.parse(stopped.json()).data.running).toBe(false)
  })

  it('answers 404 for an advisor the caller does not own or that does not exist, 422 for bad input', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const scalperPro = await advisorIdOf(app, 'scalper-pro')
    for (const id of [scalperPro, 999_999]) {
      expect(
        refusal(await post(app, customer.token, `/expert_advisors/${id}/running`, { running: true }), 404),
      ).toEqual({ message: 'Expert Advisor not found' })
    }
    for (const id of ['abc', '0', '2147483648']) {
      const response = await post(app, customer.token, `/expert_advisors/${id}/running`, { running: true })
      expect(response.statusCode, id).toBe(422)
    }
    const noFlag = await post(app, customer.token, `/expert_advisors/${scalperPro}/running`, {
      running: 'yes',
    })
    expect(refusal(noFlag, 422).errors).toHaveProperty('running')
  })
})

describe('the user object', () => {
  it('carries eas, the autotrader flag, the plan and an account with the balance', async () => {
    const demo = await loginToken(app, DEMO_CUSTOMER)
    const user = UserResponseSchema.parse(
      (await app.inject({ url: '/api/v1/user', headers: bearer(demo) })).json(),
    ).data
    expect(user.eas).toEqual([await advisorIdOf(app, 'trend-rider')])
    expect(user.autotrader).toBe(false)
    expect(user.account_type).toMatchObject({ title: 'Basic', leverage: 100 })
    expect(user.accounts).toEqual([{ title: `Basic · ${user.account_id}`, balance: user.balance }])
  })
})
