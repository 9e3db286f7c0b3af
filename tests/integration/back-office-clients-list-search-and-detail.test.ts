// The back office's clients (decision 0017): GET /admin/users by status, by a search over name, e-mail and account
// id, a page at a time; GET /admin/users/{id} with the account's figures at the server's prices (equity, margin, free
// margin, margin level), its open positions, pending requests, ledger and last sign-in; and PATCH /admin/users/{id}
// changing the plan or the status (a reason is required to deactivate).
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import {
  ADMIN_PAGE_SIZE,
  AdminClientResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  REASON_REQUIRED,
  TradesPageSchema,
  type Asset,
  type UserStatus,
} from '../../src/domain/contract'
import { adjust, call, patchUser } from './support/back-office'
import { planIdOf, post, userOf } from './support/marketplace'
import {
  assetBySymbol,
  fundedCustomer,
  listAssets,
  newCustomer,
  newKey,
  openPosition,
  order,
  refusal,
  ROOMY_RATE_LIMITS,
} from './support/trading'
import { createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'

let app: FastifyInstance
let adminToken: string
let btcusd: Asset

beforeAll(async () => {
  app = await createTestApp({
    realtime: { prices: { ticksPerSecond: 0, ignoreMarketHours: true, seed: 21, historyMinutes: 60 } },
    rateLimits: { ...ROOMY_RATE_LIMITS, autotraderRequest: { max: 10_000, windowMs: 60_000 } },
  })
  adminToken = await loginToken(app, DEMO_ADMIN)
  btcusd = assetBySymbol(await listAssets(app), 'BTCUSD')
})
afterAll(async () => {
  await app?.close()
})

async function listUsers(query: string) {
  const response = await call(app, adminToken, 'GET', `/admin/users${query}`)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  return AdminUsersResponseSchema.parse(response.json())
}

async function rename(userId: number, firstName: string, lastName: string) {
  await app.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId))
}

async function setStatus(userIds: number[], status: UserStatus) {
  await app.db.update(users).set({ status }).where(inArray(users.id, userIds))
}

describe('GET /admin/users', () => {
  it('answers a page of 25 at a time, newest first, with the page meta, and filters by status', async () => {
    const count = ADMIN_PAGE_SIZE + 2
    const created: number[] = []
    for (let n = 0; n < count; n += 1) {
      const customer = await newCustomer(app)
      await rename(customer.id, 'Paula', 'Pagewalker')
      created.push(customer.id)
    }
    const first = await listUsers('?search=pagewalker&page=1')
    const second = await listUsers('?search=pagewalker&page=2')
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: ADMIN_PAGE_SIZE, total: count })
    expect(second.meta).toMatchObject({ current_page: 2, total: count })
    const ids = [...first.data, ...second.data].map((user) => user.id)
    expect(first.data).toHaveLength(ADMIN_PAGE_SIZE)
    expect(ids).toEqual([...created].reverse())
    // Each row says when the client signed up (the list's Joined column), newest first.
    const joined = [...first.data, ...second.data].map((user) => Date.parse(user.created_at ?? ''))
    expect(joined.every((time) => !Number.isNaN(time))).toBe(true)
    expect(joined).toEqual([...joined].sort((a, b) => b - a))

    const [pendingA, pendingB, deactivated] = created
    await setStatus([pendingA, pendingB].map(Number), 'pending')
    await setStatus([Number(deactivated)], 'deactivated')
    const pending = await listUsers('?search=pagewalker&status=pending')
    expect(pending.data.map((user) => user.id).sort()).toEqual([pendingA, pendingB].sort())
    expect(pending.data.every((user) => user.status === 'pending')).toBe(true)
    expect((await listUsers('?search=pagewalker&status=deactivated')).data.map((user) => user.id)).toEqual([
      deactivated,
    ])
    expect((await listUsers('?search=pagewalker&status=active')).meta?.total).toBe(count - 3)
    // Status alone, over everyone.
    const allPending = await listUsers('?status=pending&page=1')
    expect(allPending.meta?.total).toBe(await app.db.$count(users, eq(users.status, 'pending')))
  })

  it('searches name, e-mail and account id, in any case, taking % and _ literally', async () => {
    const customer = await newCustomer(app)
    await rename(customer.id, 'Zenobia', 'Quartermaine')
    const [row] = await app.db.select().from(users).where(eq(users.id, customer.id))
    if (!row) throw new Error('customer missing')
    for (const search of [
      'zenobia quarter',
      'QUARTERMAINE',
      row.email.toUpperCase(),
      row.accountId.toLowerCase(),
    ]) {
      const found = await listUsers(`?search=${encodeURIComponent(search)}`)
      expect(
        found.data.map((user) => user.id),
        search,
      ).toEqual([customer.id])
      expect(found.data[0]).toMatchObject({ name: 'Zenobia Quartermaine', account_id: row.accountId })
    }
    for (const wildcard of ['%', '_', 'Zen%aine']) {
      expect((await listUsers(`?search=${encodeURIComponent(wildcard)}`)).data, wildcard).toEqual([])
    }
  })

  it('answers every user without parameters, for the chat console', async () => {
    const everyone = await listUsers('')
    expect(everyone.meta).toBeUndefined()
    expect(everyone.data).toHaveLength(await app.db.$count(users))
  })

  it('refuses an unknown status or a page that is not a number with 422', async () => {
    expect((await call(app, adminToken, 'GET', '/admin/users?status=banned')).statusCode).toBe(422)
    expect((await call(app, adminToken, 'GET', '/admin/users?page=first')).statusCode).toBe(422)
  })
})

describe('GET /admin/users/{id}', () => {
  it("shows the account at the server's prices, open positions, pending requests, ledger and last sign-in", async () => {
    const customer = await fundedCustomer(app, '10000.00')
    expect(
      (
        await adjust(
          app,
          adminToken,
          customer.id,
          { amount: '500', kind: 'deposit', reason: 'Top-up' },
          newKey(),
        )
      ).statusCode,
    ).toBe(201)
    const opened = await openPosition(app, customer.token, order(btcusd, 'buy', 0.05))
    expect(
      (await post(app, customer.token, '/update/autotrader', { autotrader_type: 'high' })).statusCode,
    ).toBe(200)

    const response = await call(app, adminToken, 'GET', `/admin/users/${customer.id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const client = AdminClientResponseSchema.parse(response.json()).data

    // The positions the customer sees, at the same prices.
    const [position] = TradesPageSchema.parse(
      (await call(app, customer.token, 'GET', '/open/trades')).json(),
    ).data
    expect(client.open_positions.map((trade) => trade.id)).toEqual([opened.id])
    expect(client.open_positions[0]).toMatchObject({
      id: position?.id,
      pnl: position?.pnl,
      margin: opened.margin,
    })

    expect(client).toMatchObject({ id: customer.id, status: 'active', balance: 10_500, pnl: position?.pnl })
    expect(client.margin).toBeCloseTo(opened.margin, 2)
    expect(client.equity).toBeCloseTo(10_500 + (position?.pnl ?? Number.NaN), 2)
    expect(client.free_margin).toBeCloseTo(client.equity - client.margin, 2)
    expect(client.margin_level).toBeCloseTo((client.equity / client.margin) * 100, 1)

    expect(client.pending_requests).toMatchObject([
      { type: 'autotrader', user_id: customer.id, status: 'pending', detail: 'Auto trader: high' },
    ])
    expect(client.ledger[0]).toMatchObject({
      kind: 'adjustment',
      adjustment_kind: 'deposit',
      amount: 500,
      balance_after: 10_500,
    })
    expect(Date.parse(client.last_sign_in_at ?? '')).not.toBeNaN()
    expect(client.last_refused_order).toBeNull()
  })

  it('shows no margin level without positions, and answers 404 for nobody and 422 for a bad id', async () => {
    const customer = await fundedCustomer(app, '75.25')
    const client = AdminClientResponseSchema.parse(
      (await call(app, adminToken, 'GET', `/admin/users/${customer.id}`)).json(),
    ).data
    expect(client).toMatchObject({
      equity: 75.25,
      margin: 0,
      free_margin: 75.25,
      margin_level: null,
      open_positions: [],
      pending_requests: [],
      ledger: [],
    })
    expect(refusal(await call(app, adminToken, 'GET', '/admin/users/999999'), 404)).toEqual({
      message: 'User not found',
    })
    expect((await call(app, adminToken, 'GET', '/admin/users/abc')).statusCode).toBe(422)
  })
})

describe('PATCH /admin/users/{id}', () => {
  it('changes the plan the customer then sees, and refuses a plan that does not exist', async () => {
    const customer = await newCustomer(app)
    const pro = await planIdOf(app, 'pro')
    const changed = await patchUser(app, adminToken, customer.id, { account_type_id: pro })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(AdminUserResponseSchema.parse(changed.json()).data.account_type).toMatchObject({
      id: pro,
      title: 'Pro',
    })
    expect((await userOf(app, customer.token)).account_type?.id).toBe(pro)

    const unknown = refusal(await patchUser(app, adminToken, customer.id, { account_type_id: 999_999 }), 422)
    expect(unknown.errors?.account_type_id).toEqual(['Plan not found'])
    expect((await userOf(app, customer.token)).account_type?.id).toBe(pro)
    expect(
      refusal(await call(app, adminToken, 'PATCH', `/admin/users/${customer.id}`, {}), 422).message,
    ).toBe('The given data was invalid.')
  })

  it('approves, deactivates with a reason only, and reactivates', async () => {
    const customer = await newCustomer(app, { status: 'pending' })
    const approved = await patchUser(app, adminToken, customer.id, { status: 'active' })
    expect(AdminUserResponseSchema.parse(approved.json()).data.status).toBe('active')
    expect((await call(app, customer.token, 'GET', '/open/trades')).statusCode).toBe(200)

    const withoutReason = refusal(
      await patchUser(app, adminToken, customer.id, { status: 'deactivated' }),
      422,
    )
    expect(withoutReason.errors?.reason).toEqual([REASON_REQUIRED])
    expect((await userOf(app, customer.token)).status).toBe('active')

    const deactivated = await patchUser(app, adminToken, customer.id, {
      status: 'deactivated',
      reason: 'Duplicate account',
    })
    expect(AdminUserResponseSchema.parse(deactivated.json()).data.status).toBe('deactivated')
    expect((await call(app, customer.token, 'GET', '/open/trades')).statusCode).toBe(403)

    expect((await patchUser(app, adminToken, customer.id, { status: 'active' })).statusCode).toBe(200)
    expect((await call(app, customer.token, 'GET', '/open/trades')).statusCode).toBe(200)
  })
})
