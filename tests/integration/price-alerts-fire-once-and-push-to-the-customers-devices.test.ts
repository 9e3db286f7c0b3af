// Price alerts (decision 0037) on PGlite and on PostgreSQL: the rules of POST /alerts and their sentences, the cap
// of 50 active alerts (held under a parallel burst), a customer reaching only their own alerts, expiry, one firing
// however many ticks cross and however many leaders race, and the Web Push that leaves for the customer's devices:
// to a local HTTPS receiver with a self-signed certificate the server trusts through the sender's extra CA, signed
// with VAPID and encrypted with aes128gcm, which the test's "browser" decrypts with its own keys. A 410 deletes the
// subscription; an endpoint outside the allowed push services is refused.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AlertResponseSchema,
  AlertsResponseSchema,
  PushKeyResponseSchema,
  type Alert,
} from '../../server/alerts/contract'
import { notifications, priceAlerts, pushSubscriptions } from '../../server/db/schema'
import { allowedOrigins } from '../../server/push/origins'
import { createTradingDesk, type TradingDesk } from '../../server/trading'
import { CHANNELS, PUSH_EVENTS, type Asset } from '../../src/domain/contract'
import { formatPrice } from '../../src/domain/format/numbers'
import { quoteOf, rateForBid, recordingPublisher, scriptedPrices } from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import {
  browserSubscription,
  startPushReceiver,
  verifiedVapid,
  type PushReceiver,
} from './support/push-receiver'
import { assetBySymbol, fundedCustomer, listAssets } from './support/trading'
import { bearer, createTestApp, movableClock } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 11, historyMinutes: 60 }

const pgAvailable = await postgresReachable('price-alerts-fire-once-and-push-to-the-customers-devices')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

const round5 = (price: number) => Number(price.toFixed(5))

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let receiver: PushReceiver
  let eurusd: Asset
  let market: ReturnType<typeof scriptedPrices>
  let recorder: ReturnType<typeof recordingPublisher>
  let desk: TradingDesk
  const clock = movableClock()
  /** The bid the frozen market stands at: what POST /alerts checks against. */
  let bid0: number

  /** A desk on the app's database whose ticks the test moves, as a leader on another instance would see them. */
  const leaderDesk = () =>
    createTradingDesk({
      repos: app.repos,
      prices: market.prices,
      publisher: recorder.publisher,
      now: clock.now,
      log: app.log,
      leader: app.cluster.leader,
      bus: app.cluster.bus,
      push: app.push.queue,
    })

  beforeAll(async () => {
    receiver = await startPushReceiver()
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp({
      now: clock.now,
      realtime: { prices: FROZEN },
      push: { allowed: allowedOrigins([receiver.origin]), extraCa: receiver.cert },
      // Sixty alerts at once from one address test the cap of 50, not the rate limit (tested on its own).
      rateLimits: { priceAlert: { max: 10_000, windowMs: 60_000 } },
      ...(database ? { databaseUrl: database.url } : {}),
    })
    eurusd = assetBySymbol(await listAssets(app), 'EURUSD')
    const rate = app.prices.current(eurusd.asset_id)?.price ?? 1.08
    bid0 = quoteOf(eurusd, rate).sell
    market = scriptedPrices({ [eurusd.asset_id]: rate })
    recorder = recordingPublisher(app.publisher)
    desk = await leaderDesk()
  })
  afterAll(async () => {
    await desk?.stop()
    await app?.close()
    await database?.drop()
    await receiver?.close()
  })

  const createAlert = (token: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/alerts', headers: bearer(token), payload: body })

  async function created(token: string, body: Record<string, unknown>): Promise<Alert> {
    const response = await createAlert(token, body)
    expect(response.statusCode, response.body).toBe(201)
    const alert = AlertResponseSchema.parse(response.json()).data
    // The leader's desk hears of it through the bus on another instance; here it reads the book again.
    await desk.alerts.load()
    return alert
  }

  async function tickBid(bid: number, on: TradingDesk[] = [desk]) {
    market.tick(eurusd.asset_id, rateForBid(eurusd, bid))
    for (const each of on) await each.settled()
  }

  async function alertRow(id: number) {
    const [row] = await app.db.select().from(priceAlerts).where(eq(priceAlerts.id, id))
    if (!row) throw new Error(`no alert ${id}`)
    return row
  }

  const notificationsOf = (userId: number) =>
    app.db.select().from(notifications).where(eq(notifications.userId, userId))

  it('answers 201 with the alert, and lists the newest first', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const above = round5(bid0 * 1.01)
    const first = await created(customer.token, {
      id: eurusd.id,
      condition: 'above',
      price: above,
      note: 'take profit on the rest',
    })
    expect(first).toMatchObject({
      asset_id: eurusd.asset_id,
      asset_symbol: eurusd.symbol,
      condition: 'above',
      price: above,
      note: 'take profit on the rest',
      status: 'active',
      expires_at: null,
      triggered_at: null,
      triggered_price: null,
    })
    const second = await created(customer.token, {
      id: eurusd.id,
      condition: 'below',
      price: round5(bid0 * 0.99),
    })
    expect(second.note).toBeNull()
    const list = await app.inject({ method: 'GET', url: '/api/v1/alerts', headers: bearer(customer.token) })
    expect(AlertsResponseSchema.parse(list.json()).data.map(({ id }) => id)).toEqual([second.id, first.id])
  })

  it('refuses an alert whose condition already holds, naming the price with five decimals', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const below = round5(bid0 * 0.999)
    const aboveRefused = await createAlert(customer.token, {
      id: eurusd.id,
      condition: 'above',
      price: below,
    })
    expect(aboveRefused.statusCode).toBe(422)
    expect(aboveRefused.json()).toMatchObject({
      message: `The price is already above ${formatPrice(below, 5)}`,
      errors: { price: [`The price is already above ${formatPrice(below, 5)}`] },
    })
    const above = round5(bid0 * 1.001)
    const belowRefused = await createAlert(customer.token, {
      id: eurusd.id,
      condition: 'below',
      price: above,
    })
    expect(belowRefused.statusCode).toBe(422)
    expect(belowRefused.json().message).toBe(`The price is already below ${formatPrice(above, 5)}`)
    // At the bid itself the condition holds too.
    const atBid = await createAlert(customer.token, { id: eurusd.id, condition: 'above', price: bid0 })
    expect(atBid.statusCode).toBe(422)
  })

  it('refuses an expiry in the past, an unknown asset and a bad condition', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const past = new Date(clock.now().getTime() - 60_000).toISOString()
    const expired = await createAlert(customer.token, {
      id: eurusd.id,
      condition: 'above',
      price: round5(bid0 * 1.01),
      expires_at: past,
    })
    expect(expired.statusCode).toBe(422)
    expect(expired.json()).toMatchObject({ errors: { expires_at: ['The expiry must be in the future.'] } })
    const unknown = await createAlert(customer.token, { id: 999_999, condition: 'above', price: 1 })
    expect(unknown.statusCode).toBe(404)
    const bad = await createAlert(customer.token, { id: eurusd.id, condition: 'sideways', price: 1 })
    expect(bad.statusCode).toBe(422)
    expect(await app.db.select().from(priceAlerts).where(eq(priceAlerts.userId, customer.id))).toEqual([])
  })

  it('holds at most 50 active alerts, also when 60 are asked for at once', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        createAlert(customer.token, {
          id: eurusd.id,
          condition: 'above',
          price: round5(bid0 * (1.01 + index / 10_000)),
        }),
      ),
    )
    const codes = answers.map(({ statusCode }) => statusCode)
    expect(codes.filter((code) => code === 201)).toHaveLength(50)
    expect(codes.filter((code) => code === 422)).toHaveLength(10)
    const refused = answers.find(({ statusCode }) => statusCode === 422)
    expect(refused?.json().message).toBe('You can have at most 50 active alerts.')
    const active = await app.db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, customer.id), eq(priceAlerts.status, 'active')))
    expect(active).toHaveLength(50)

    // A cancelled one frees its place.
    const first = active[0]
    if (!first) throw new Error('no alert')
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/alerts/${first.id}`,
      headers: bearer(customer.token),
    })
    expect(cancelled.statusCode).toBe(200)
    expect(AlertResponseSchema.parse(cancelled.json()).data.status).toBe('cancelled')
    const again = await createAlert(customer.token, {
      id: eurusd.id,
      condition: 'below',
      price: round5(bid0 * 0.9),
    })
    expect(again.statusCode).toBe(201)
  })

  it("never lets a customer see or cancel another's alert", async () => {
    const owner = await fundedCustomer(app, '0.00')
    const other = await fundedCustomer(app, '0.00')
    const alert = await created(owner.token, {
      id: eurusd.id,
      condition: 'above',
      price: round5(bid0 * 1.02),
    })
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/alerts/${alert.id}`,
      headers: bearer(other.token),
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe('Alert not found')
    const list = await app.inject({ method: 'GET', url: '/api/v1/alerts', headers: bearer(other.token) })
    expect(AlertsResponseSchema.parse(list.json()).data).toEqual([])
    expect((await alertRow(alert.id)).status).toBe('active')
    const unauthenticated = await app.inject({ method: 'GET', url: '/api/v1/alerts' })
    expect(unauthenticated.statusCode).toBe(401)
    // Cancelled by its owner, it is no longer active: a second cancel is 409.
    const own = () =>
      app.inject({ method: 'DELETE', url: `/api/v1/alerts/${alert.id}`, headers: bearer(owner.token) })
    expect((await own()).statusCode).toBe(200)
    expect((await own()).statusCode).toBe(409)
  })

  it('fires once under a burst of crossing ticks and two racing leaders, with the bid and a notification', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const level = round5(bid0 * 1.002)
    const alert = await created(customer.token, {
      id: eurusd.id,
      condition: 'above',
      price: level,
      note: 'sell the rest',
    })
    // A second leader (a paused one that has not seen its lease lapse) holds the same book.
    const second = await leaderDesk()
    try {
      expect(second.alerts.size).toBeGreaterThan(0)
      await tickBid(level * 0.9999, [desk, second])
      expect((await alertRow(alert.id)).status).toBe('active')
      const firstBid = level * 1.0003
      // Twenty crossing ticks in one go, each seen by both leaders.
      for (let index = 0; index < 20; index += 1) {
        market.tick(eurusd.asset_id, rateForBid(eurusd, firstBid + index * 0.00001))
      }
      await desk.settled()
      await second.settled()
    } finally {
      await second.stop()
    }
    const row = await alertRow(alert.id)
    expect(row.status).toBe('triggered')
    expect(row.triggeredAt).not.toBeNull()
    expect(row.triggeredPrice).toBeCloseTo(level * 1.0003, 8)
    const stored = await notificationsOf(customer.id)
    expect(stored).toHaveLength(1)
    const message =
      `${eurusd.symbol_display} is above ${formatPrice(level, 5)} ` +
      `(now ${formatPrice(row.triggeredPrice ?? 0, 5)}). sell the rest`
    expect(stored[0]).toMatchObject({ title: 'Price alert', message })
    const pushed = recorder.events.filter(
      (event) =>
        event.channel === CHANNELS.notification(customer.id) &&
        event.name === PUSH_EVENTS.NOTIFICATION_MESSAGE,
    )
    expect(pushed).toHaveLength(1)
    expect(pushed[0]?.data).toMatchObject({ title: 'Price alert', message })
    // A tick back and across again fires nothing more.
    await tickBid(level * 0.99)
    await tickBid(level * 1.01)
    expect(await notificationsOf(customer.id)).toHaveLength(1)
  })

  it('fires a below alert on the falling bid, not on the rise', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const level = round5(bid0 * 0.998)
    const alert = await created(customer.token, { id: eurusd.id, condition: 'below', price: level })
    await tickBid(bid0 * 1.01)
    expect((await alertRow(alert.id)).status).toBe('active')
    await tickBid(level)
    expect((await alertRow(alert.id)).status).toBe('triggered')
    expect((await notificationsOf(customer.id))[0]?.message).toContain(`is below ${formatPrice(level, 5)}`)
    await tickBid(bid0)
  })

  it('expires an alert quietly when its time has come, and it never fires afterwards', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const level = round5(bid0 * 1.003)
    const expiresAt = new Date(clock.now().getTime() + 5_000).toISOString()
    const alert = await created(customer.token, {
      id: eurusd.id,
      condition: 'above',
      price: level,
      expires_at: expiresAt,
    })
    expect(alert.expires_at).toBe(expiresAt)
    clock.advance(6_000)
    await desk.alerts.expireDue()
    expect((await alertRow(alert.id)).status).toBe('expired')
    await tickBid(level * 1.01)
    await tickBid(bid0)
    expect((await alertRow(alert.id)).status).toBe('expired')
    expect(await notificationsOf(customer.id)).toEqual([])
    const list = await app.inject({ method: 'GET', url: '/api/v1/alerts', headers: bearer(customer.token) })
    expect(AlertsResponseSchema.parse(list.json()).data[0]?.status).toBe('expired')
  })

  it('pushes a fired alert to the subscribed device: VAPID-signed, aes128gcm, decrypted with its keys', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const key = PushKeyResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/push/key' })).json(),
    ).data.public_key
    expect(Buffer.from(key, 'base64url')).toHaveLength(65)
    const browser = browserSubscription(`${receiver.origin}/push/${customer.id}`)
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(customer.token),
      payload: browser.json,
    })
    expect(subscribed.statusCode, subscribed.body).toBe(201)

    const level = round5(bid0 * 1.004)
    const alert = await created(customer.token, { id: eurusd.id, condition: 'above', price: level })
    const from = receiver.received.length
    await tickBid(level * 1.0001)
    await app.push.queue.settled()
    const push = await receiver.next(`/push/${customer.id}`, from)
    await tickBid(bid0)

    expect(push.headers['content-encoding']).toBe('aes128gcm')
    const vapid = verifiedVapid(push.headers.authorization)
    expect(vapid.key).toBe(key)
    expect(vapid.claims.aud).toBe(receiver.origin)
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now())
    const payload = JSON.parse(browser.decrypt(push.body)) as Record<string, string>
    expect(payload).toMatchObject({
      title: 'Price alert',
      tag: `alert-${alert.id}`,
      url: `/mt4?asset=${encodeURIComponent(eurusd.asset_id)}`,
      asset_id: eurusd.asset_id,
    })
    expect(payload.body).toContain(eurusd.symbol_display)
    expect(payload.body).toContain(`is above ${formatPrice(level, 5)}`)

    // Unsubscribed, the device gets nothing more.
    const off = await app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: bearer(customer.token),
      payload: { endpoint: browser.json.endpoint },
    })
    expect(off.statusCode).toBe(200)
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id)),
    ).toEqual([])
  })

  it('deletes a subscription the push service answers 410 for', async () => {
    const customer = await fundedCustomer(app, '0.00')
    const browser = browserSubscription(`${receiver.origin}/gone/${customer.id}`)
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(customer.token),
      payload: browser.json,
    })
    expect(subscribed.statusCode).toBe(201)
    const level = round5(bid0 * 1.005)
    await created(customer.token, { id: eurusd.id, condition: 'above', price: level })
    const from = receiver.received.length
    await tickBid(level * 1.0001)
    await receiver.next(`/gone/${customer.id}`, from)
    await app.push.queue.settled()
    await tickBid(bid0)
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id)),
    ).toEqual([])
  })

  it('refuses an endpoint outside the allowed push services, and plain http', async () => {
    const customer = await fundedCustomer(app, '0.00')
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      `${receiver.origin.replace('https:', 'http:')}/push/x`,
      `https://user:pass@${receiver.origin.slice('https://'.length)}/push/x`,
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: bearer(customer.token),
        payload: browserSubscription(endpoint).json,
      })
      expect(refused.statusCode, endpoint).toBe(422)
    }
    const badKey = browserSubscription(`${receiver.origin}/push/k`).json
    const short = await app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(customer.token),
      payload: { ...badKey, keys: { ...badKey.keys, p256dh: 'AAAA' } },
    })
    expect(short.statusCode).toBe(422)
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id)),
    ).toEqual([])
  })
})
