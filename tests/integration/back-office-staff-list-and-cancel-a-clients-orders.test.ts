// The back office's client page and a client's pending orders (decision 0017): GET /admin/users/{id}/orders answers
// the customer's own GET /orders pages (pending and history), and POST /admin/users/{id}/orders/{orderId}/cancel
// cancels a pending order of that client only, with reason 'staff', an audit row in the same transaction, order.updated
// on the customer's trade channel and a notification telling them why. Another client's order is 404, an order that
// has ended 409 (the customer's own messages), a customer's token 403, and no body reaches a 5xx. On PGlite and on
// PostgreSQL.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditEvents, notifications, orders } from '../../server/db/schema'
import {
  API_PREFIX,
  AUDIT_ACTIONS,
  AuditResponseSchema,
  CHANNELS,
  ORDER_MESSAGES,
  ORDERS_PAGE_SIZE,
  OrderResponseSchema,
  OrdersPageSchema,
  PUSH_EVENTS,
  REASON_REQUIRED,
  type Asset,
  type Order,
} from '../../src/domain/contract'
import { orderReference } from '../../src/domain/trading/trade-reference'
import { auditedBy, call, newAdmin } from './support/back-office'
import { pendingOrder, placedOrder, quoteOf } from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { assetBySymbol, fundedCustomer, listAssets, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 8, historyMinutes: 60 }
const REASON = 'Placed by mistake, the client asked us on the phone.'

const pgAvailable = await postgresReachable('back-office-staff-list-and-cancel-a-clients-orders')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let admin: { id: number; token: string }
  let eurusd: Asset
  let ask: number

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp({
      realtime: { prices: FROZEN },
      rateLimits: { ...ROOMY_RATE_LIMITS, tradeStore: { max: 10_000, windowMs: 60_000 } },
      ...(database ? { databaseUrl: database.url } : {}),
    })
    admin = await newAdmin(app)
    eurusd = assetBySymbol(await listAssets(app), 'EURUSD')
    const rate = app.prices.current(eurusd.asset_id)?.price
    if (rate === undefined) throw new Error('no EURUSD rate')
    ask = quoteOf(eurusd, rate).buy
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  /** A buy limit below the ask, a little lower each time, so every order is a different one. */
  let step = 0
  const buyLimit = (overrides: Record<string, unknown> = {}) => {
    step += 1
    return pendingOrder(
      eurusd,
      'buy',
      'limit',
      0.1,
      Number((ask * (0.99 - step * 0.0001)).toFixed(6)),
      overrides,
    )
  }

  const staffPage = async (userId: number, query: string) => {
    const response = await call(app, admin.token, 'GET', `/admin/users/${userId}/orders${query}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    return OrdersPageSchema.parse(response.json())
  }
  const customerPage = async (token: string, query: string) => {
    const response = await call(app, token, 'GET', `/orders${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return OrdersPageSchema.parse(response.json())
  }
  const staffCancel = (userId: number, orderId: number, body: unknown = { reason: REASON }) =>
    app.inject({
      method: 'POST',
      url: `${API_PREFIX}/admin/users/${userId}/orders/${orderId}/cancel`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: body as object,
    })
  const statusOf = async (orderId: number) => {
    const [row] = await app.db
      .select({ status: orders.status, reason: orders.reason })
      .from(orders)
      .where(eq(orders.id, orderId))
    return row
  }

  it("lists the client's pending orders and history exactly as the customer's GET /orders does", async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const kept = await placedOrder(
      app,
      customer.token,
      buyLimit({ take_profit: Number((ask * 1.05).toFixed(6)) }),
    )
    const expiring = await placedOrder(
      app,
      customer.token,
      buyLimit({ expires_at: new Date(app.now().getTime() + 86_400_000).toISOString() }),
    )
    const cancelled = await placedOrder(app, customer.token, buyLimit())
    expect((await call(app, customer.token, 'DELETE', `/orders/${cancelled.id}`)).statusCode).toBe(200)

    const pending = await staffPage(customer.id, '?status=pending')
    expect(pending).toEqual(await customerPage(customer.token, '?status=pending'))
    expect(pending.data.map((order) => order.id)).toEqual([expiring.id, kept.id])
    expect(pending.meta).toEqual({ current_page: 1, last_page: 1, per_page: ORDERS_PAGE_SIZE, total: 2 })
    expect(pending.links.next).toBeNull()
    // Without a status: the pending ones, as for the customer.
    expect(await staffPage(customer.id, '')).toEqual(pending)

    const history = await staffPage(customer.id, '?status=history&page=1')
    expect(history).toEqual(await customerPage(customer.token, '?status=history&page=1'))
    expect(history.data).toMatchObject([{ id: cancelled.id, status: 'cancelled', reason: 'user' }])

    // Another client's list holds none of these.
    const other = await fundedCustomer(app, '10000.00')
    expect((await staffPage(other.id, '?status=pending')).data).toEqual([])
    expect((await staffPage(other.id, '?status=history')).data).toEqual([])
  })

  it('pages the pending orders 20 at a time, its next link on the admin route', async () => {
    const customer = await fundedCustomer(app, '100000.00')
    const placed: Order[] = []
    for (let n = 0; n <= ORDERS_PAGE_SIZE; n += 1)
      placed.push(await placedOrder(app, customer.token, buyLimit()))
    const first = await staffPage(customer.id, '?status=pending&page=1')
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: ORDERS_PAGE_SIZE,
      total: ORDERS_PAGE_SIZE + 1,
    })
    expect(first.data).toHaveLength(ORDERS_PAGE_SIZE)
    expect(first.links.next).toBe(`${API_PREFIX}/admin/users/${customer.id}/orders?status=pending&page=2`)
    const next = await app.inject({
      url: first.links.next ?? '',
      headers: { authorization: `Bearer ${admin.token}` },
    })
    const second = OrdersPageSchema.parse(next.json())
    expect(second.links.next).toBeNull()
    // Newest first across both pages: every order once.
    expect([...first.data, ...second.data].map((order) => order.id)).toEqual(
      placed.map((order) => order.id).reverse(),
    )
  })

  it("cancels a client's pending order with reason 'staff', an audit row, order.updated and a notification", async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const placed = await placedOrder(app, customer.token, buyLimit())
    const untouched = await placedOrder(app, customer.token, buyLimit())
    const batches = vi.spyOn(app.publisher, 'triggerBatch')
    const triggers = vi.spyOn(app.publisher, 'trigger')

    const { response, rows } = await auditedBy(app, () => staffCancel(customer.id, placed.id))
    expect(response.statusCode, response.body).toBe(200)
    const answer = OrderResponseSchema.parse(response.json())
    expect(answer.message).toBe(ORDER_MESSAGES.CANCELLED)
    expect(answer.data).toMatchObject({ id: placed.id, status: 'cancelled', reason: 'staff' })
    expect(answer.data.closed_at).not.toBeNull()
    expect(await statusOf(placed.id)).toEqual({ status: 'cancelled', reason: 'staff' })
    expect(await statusOf(untouched.id)).toEqual({ status: 'pending', reason: null })

    // One audit row, by this admin, on this client, with the order and the reason.
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: AUDIT_ACTIONS.ORDER_CANCELLED,
      targetUserId: customer.id,
      reason: REASON,
      before: { status: 'pending' },
      after: {
        status: 'cancelled',
        order: orderReference(placed.id),
        asset: eurusd.symbol,
        order_id: placed.id,
      },
    })
    const trail = await call(app, admin.token, 'GET', `/admin/audit?user_id=${customer.id}`)
    expect(AuditResponseSchema.parse(trail.json()).data).toMatchObject([
      { action: AUDIT_ACTIONS.ORDER_CANCELLED, actor_id: admin.id, reason: REASON },
    ])

    // The customer's tabs hear the order as it is now; their notification says which order, that staff did it, why.
    const orderEvents = batches.mock.calls
      .flatMap(([batch]) => batch)
      .filter((event) => event.channel === CHANNELS.trade(customer.id))
    expect(orderEvents).toEqual([
      { channel: CHANNELS.trade(customer.id), name: PUSH_EVENTS.ORDER_UPDATED, data: answer.data },
    ])
    const [stored] = await app.db.select().from(notifications).where(eq(notifications.userId, customer.id))
    expect(stored?.title).toBe(ORDER_MESSAGES.CANCELLED)
    expect(stored?.message).toContain(orderReference(placed.id))
    expect(stored?.message).toContain('cancelled by our staff')
    expect(stored?.message).toContain(REASON)
    expect(triggers).toHaveBeenCalledWith(
      CHANNELS.notification(customer.id),
      PUSH_EVENTS.NOTIFICATION_MESSAGE,
      expect.objectContaining({ id: stored?.id, message: stored?.message }),
    )

    // The customer's own client reads the staff reason in their history (the contract's schema parses it).
    const history = await customerPage(customer.token, '?status=history')
    expect(history.data).toMatchObject([{ id: placed.id, status: 'cancelled', reason: 'staff' }])

    // Twice: the customer's own 409, and no second audit row or notification.
    const again = await auditedBy(app, () => staffCancel(customer.id, placed.id))
    expect(refusal(again.response, 409).message).toBe(ORDER_MESSAGES.NOT_PENDING)
    expect(again.rows).toEqual([])
    expect(await app.db.$count(notifications, eq(notifications.userId, customer.id))).toBe(1)
  })

  it('stops watching the cancelled order in the pending book on every instance, as the customer’s cancel does', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const order = await placedOrder(app, customer.token, buyLimit())
    const publish = vi.spyOn(app.cluster.bus, 'publish')

    const response = await staffCancel(customer.id, order.id)
    expect(response.statusCode, response.body).toBe(200)

    // The book's own message to every instance (server/trading/pending-orders.ts): the order leaves the leader's book.
    expect(publish).toHaveBeenCalledWith('orders:unwatch', { feedId: eurusd.asset_id, orderId: order.id })
  })

  it('refuses an order that filled or expired meanwhile with 409, and writes nothing', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    for (const status of ['filled', 'expired'] as const) {
      const placed = await placedOrder(app, customer.token, buyLimit())
      // As the leader's fill or the expiry job leaves it.
      await app.db
        .update(orders)
        .set({ status, closedAt: app.now(), ...(status === 'expired' ? { reason: 'expired' as const } : {}) })
        .where(eq(orders.id, placed.id))
      const { response, rows } = await auditedBy(app, () => staffCancel(customer.id, placed.id))
      expect(refusal(response, 409).message).toBe(ORDER_MESSAGES.NOT_PENDING)
      expect(rows).toEqual([])
      expect((await statusOf(placed.id))?.status).toBe(status)
    }
  })

  it("answers 404 for another client's order, an order that does not exist and a user that does not", async () => {
    const owner = await fundedCustomer(app, '10000.00')
    const other = await fundedCustomer(app, '10000.00')
    const placed = await placedOrder(app, owner.token, buyLimit())

    const wrongClient = await auditedBy(app, () => staffCancel(other.id, placed.id))
    expect(refusal(wrongClient.response, 404).message).toBe(ORDER_MESSAGES.ORDER_NOT_FOUND)
    expect(wrongClient.rows).toEqual([])
    expect(await statusOf(placed.id)).toEqual({ status: 'pending', reason: null })

    expect(refusal(await staffCancel(owner.id, placed.id + 100_000), 404).message).toBe(
      ORDER_MESSAGES.ORDER_NOT_FOUND,
    )
    expect(refusal(await call(app, admin.token, 'GET', '/admin/users/2000000000/orders'), 404).message).toBe(
      'User not found',
    )
  })

  it("is staff's only: a customer's token is 403, none 401, even on their own order", async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const placed = await placedOrder(app, customer.token, buyLimit())
    const asCustomer = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(app, customer.token, method, url, payload)

    expect((await asCustomer('GET', `/admin/users/${customer.id}/orders`)).statusCode).toBe(403)
    expect((await asCustomer('GET', `/admin/users/${customer.id}/orders?status=history`)).statusCode).toBe(
      403,
    )
    const cancel = await asCustomer('POST', `/admin/users/${customer.id}/orders/${placed.id}/cancel`, {
      reason: REASON,
    })
    expect(cancel.statusCode).toBe(403)
    const anonymous = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/admin/users/${customer.id}/orders/${placed.id}/cancel`,
      payload: { reason: REASON },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await statusOf(placed.id)).toEqual({ status: 'pending', reason: null })
    expect(await app.db.$count(auditEvents, eq(auditEvents.targetUserId, customer.id))).toBe(0)
  })

  it('refuses bad bodies, parameters and queries with a 4xx and a message, never a 5xx', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const placed = await placedOrder(app, customer.token, buyLimit())

    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      const refused = refusal(await staffCancel(customer.id, placed.id, body), 422)
      expect(refused.errors?.reason, JSON.stringify(body)).toBeDefined()
    }
    expect(refusal(await staffCancel(customer.id, placed.id, {}), 422).errors?.reason).toEqual([
      REASON_REQUIRED,
    ])
    const bodies: unknown[] = [
      { reason: 'x'.repeat(501) },
      { reason: 42 },
      { reason: ['a'] },
      { reason: REASON, status: 'cancelled' },
      [],
      'reason',
      { reason: 'a\u0000b' },
    ]
    for (const body of bodies) {
      const response = await staffCancel(customer.id, placed.id, body)
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500)
    }
    const noBody = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/admin/users/${customer.id}/orders/${placed.id}/cancel`,
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(noBody.statusCode, noBody.body).toBeGreaterThanOrEqual(400)
    expect(noBody.statusCode).toBeLessThan(500)

    for (const url of [
      `/admin/users/${customer.id}/orders?status=open`,
      `/admin/users/${customer.id}/orders?page=0`,
      `/admin/users/${customer.id}/orders?page=abc`,
      '/admin/users/abc/orders',
      '/admin/users/99999999999999/orders',
    ]) {
      const response = await call(app, admin.token, 'GET', url)
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
    }
    for (const orderId of ['abc', '0', '-1', '99999999999999']) {
      const response = await call(
        app,
        admin.token,
        'POST',
        `/admin/users/${customer.id}/orders/${orderId}/cancel`,
        { reason: REASON },
      )
      expect(response.statusCode, `${orderId}: ${response.body}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, orderId).toBeLessThan(500)
    }

    // None of it touched the order or wrote a row.
    expect(await statusOf(placed.id)).toEqual({ status: 'pending', reason: null })
    expect(
      await app.db.$count(
        auditEvents,
        and(eq(auditEvents.targetUserId, customer.id), eq(auditEvents.action, AUDIT_ACTIONS.ORDER_CANCELLED)),
      ),
    ).toBe(0)
  })
})
