// Web Push beyond price alerts (decision 0037), on the real server with a local HTTPS push service (support/
// push-receiver.ts): a deposit's or withdrawal's status change, a position closed at its take-profit, and a support
// reply while the customer has no socket open, each pushed only when the customer's notification preferences
// (GET/PATCH /user/notification-preferences, kept per customer) allow it. A customer reads and writes only their own
// preferences; bad input is 422 with a sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../server/plugins/errors'
import { NOTIFICATION_PREFERENCES_MESSAGES } from '../../src/domain/contract/notification-preferences'
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../src/domain/notifications/preferences'
import { CHANNELS, type Asset } from '../../src/domain/contract'
import { call, decide } from './support/back-office'
import { sendMessage } from './support/chat'
import { depositByCard, FUNDS_RATE_LIMITS, withdraw } from './support/funds'
import {
  payloadsTo,
  pushOptionsFor,
  startPushReceiver,
  subscribedBrowser,
  type PushReceiver,
} from './support/push-receiver'
import { closeAllClients, eventually, sleep } from './support/realtime-clients'
import {
  DEMO_ADMIN,
  listenTestApp,
  loginToken,
  movableClock,
  type ListeningServer,
} from './support/test-server'
import {
  assetBySymbol,
  fundedCustomer,
  listAssets,
  newCustomer,
  openPosition,
  order,
  recordChannel,
  tradesOf,
} from './support/trading'

const HOUR_MS = 60 * 60 * 1000
const market = movableClock()
let server: ListeningServer
let receiver: PushReceiver
let pusherKey: string
let btcusd: Asset
let adminToken: string

beforeAll(async () => {
  receiver = await startPushReceiver()
  server = await listenTestApp({
    rateLimits: FUNDS_RATE_LIMITS,
    push: pushOptionsFor(receiver),
    realtime: {
      prices: {
        ticksPerSecond: 2_000,
        emitIntervalMs: 50,
        ignoreMarketHours: true,
        seed: 37,
        historyMinutes: 60,
      },
      marketNow: market.now,
    },
  })
  pusherKey = (await server.app.inject({ url: '/api/v1/settings' })).json().data.realtime.pusher.key
  btcusd = assetBySymbol(await listAssets(server.app), 'BTCUSD')
  adminToken = await loginToken(server.app, DEMO_ADMIN)
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
  await receiver?.close()
})

const preferencesOf = (token: string) => call(server.app, token, 'GET', '/user/notification-preferences')
const savePreferences = (token: string, body: object) =>
  call(server.app, token, 'PATCH', '/user/notification-preferences', body)

/** Every push queued so far has left (or was dropped by the preferences). */
async function pushesSettled() {
  // A support reply asks the broker before it enqueues: give that question its turn first.
  await sleep(200)
  await server.app.push.queue.settled()
}

describe('notification preferences per customer', () => {
  it('starts with everything on, saves a change field by field, and is only ever the caller’s own', async () => {
    const alice = await fundedCustomer(server.app, '0.00')
    const bob = await fundedCustomer(server.app, '0.00')
    const initial = await preferencesOf(alice.token)
    expect(initial.statusCode, initial.body).toBe(200)
    expect(initial.json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES)

    const saved = await savePreferences(alice.token, { push: { funds: false }, sound: false })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({
      message: NOTIFICATION_PREFERENCES_MESSAGES.SAVED,
      data: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        sound: false,
        push: { funds: false, support: true, trades: true },
      },
    })
    // A second change keeps the first.
    await savePreferences(alice.token, { push: { trades: false } })
    expect((await preferencesOf(alice.token)).json().data.push).toEqual({
      funds: false,
      support: true,
      trades: false,
    })

    // Bob's are his own: Alice's change is not his, and his write does not touch hers.
    expect((await preferencesOf(bob.token)).json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES)
    await savePreferences(bob.token, { push: { funds: true, support: false } })
    expect((await preferencesOf(alice.token)).json().data.push).toEqual({
      funds: false,
      support: true,
      trades: false,
    })
    // No id in the path to reach another's; a query naming one changes nothing.
    const other = await call(
      server.app,
      bob.token,
      'GET',
      `/user/notification-preferences?user_id=${alice.id}`,
    )
    expect(other.json().data.push).toEqual({ funds: true, support: false, trades: true })

    // Signed out: 401.
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/user/notification-preferences' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('answers 422 with a sentence for bad input, and stores nothing', async () => {
    const customer = await fundedCustomer(server.app, '0.00')
    // The API's envelope: the general sentence, and each field's own.
    for (const [body, field, message] of [
      [{}, 'body', NOTIFICATION_PREFERENCES_MESSAGES.NOTHING_TO_SAVE],
      [{ push: {} }, 'body', NOTIFICATION_PREFERENCES_MESSAGES.NOTHING_TO_SAVE],
      [{ push: { funds: 'no' } }, 'push.funds', NOTIFICATION_PREFERENCES_MESSAGES.NOT_A_CHOICE],
      [{ sound: 1 }, 'sound', NOTIFICATION_PREFERENCES_MESSAGES.NOT_A_CHOICE],
      [{ push: { funds: null } }, 'push.funds', NOTIFICATION_PREFERENCES_MESSAGES.NOT_A_CHOICE],
    ] as const) {
      const answer = await savePreferences(customer.token, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(422)
      expect(answer.json()).toEqual({ message: MESSAGES.INVALID, errors: { [field]: [message] } })
    }
    for (const body of [{ push: { email: true } }, { colour: 'red' }]) {
      const answer = await savePreferences(customer.token, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(422)
      expect(answer.json().message).toBe(MESSAGES.INVALID)
      expect(Object.values(answer.json().errors as Record<string, string[]>).flat()).not.toEqual([])
    }
    expect((await preferencesOf(customer.token)).json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES)
  })
})

describe('what is pushed', () => {
  it('pushes a withdrawal decision and a completed card deposit while funds pushes are on, nothing once off', async () => {
    const customer = await newCustomer(server.app, { verified: true })
    await depositByCard(server.app, customer.token, 500)
    const browser = await subscribedBrowser(server.app, receiver, customer.token, `funds-${customer.id}`)
    const name = `funds-${customer.id}`

    let from = receiver.received.length
    const approved = await withdraw(server.app, customer.token, 100)
    expect(
      (await decide(server.app, adminToken, 'withdrawal', approved.id, { decision: 'approve' })).statusCode,
    ).toBe(200)
    const deposit = await depositByCard(server.app, customer.token, 50)
    await pushesSettled()
    await receiver.next(`/push/${name}`, from)
    await eventually(() => expect(payloadsTo(receiver, browser, name, from)).toHaveLength(2))
    expect(payloadsTo(receiver, browser, name, from)).toEqual(
      expect.arrayContaining([
        {
          title: 'Withdrawal approved',
          body: `Your withdrawal #${approved.id} was approved.`,
          tag: `withdrawal-${approved.id}`,
          url: '/main/withdrawal',
        },
        {
          title: 'Deposit completed',
          body: `Your deposit #${deposit.id} was completed.`,
          tag: `deposit-${deposit.id}`,
          url: '/main/deposit/history',
        },
      ]),
    )

    // Off: the same events push nothing.
    expect((await savePreferences(customer.token, { push: { funds: false } })).statusCode).toBe(200)
    from = receiver.received.length
    const rejected = await withdraw(server.app, customer.token, 100)
    expect(
      (
        await decide(server.app, adminToken, 'withdrawal', rejected.id, {
          decision: 'reject',
          reason: 'Bank details do not match',
        })
      ).statusCode,
    ).toBe(200)
    await depositByCard(server.app, customer.token, 50)
    await pushesSettled()
    expect(payloadsTo(receiver, browser, name, from)).toEqual([])

    // On again: the next decision is pushed.
    await savePreferences(customer.token, { push: { funds: true } })
    from = receiver.received.length
    const again = await withdraw(server.app, customer.token, 10)
    await decide(server.app, adminToken, 'withdrawal', again.id, { decision: 'reject', reason: 'Try again' })
    await pushesSettled()
    await receiver.next(`/push/${name}`, from)
    expect(payloadsTo(receiver, browser, name, from)).toEqual([
      expect.objectContaining({ title: 'Withdrawal rejected', tag: `withdrawal-${again.id}` }),
    ])
  })

  it('pushes a position closed at its take-profit, with the workspace on its asset to open', async () => {
    const customer = await fundedCustomer(server.app, '100000.00')
    const name = `trades-${customer.id}`
    const browser = await subscribedBrowser(server.app, receiver, customer.token, name)
    const from = receiver.received.length
    // One take-profit on each side of the market: whichever way Bitcoin goes, one of them is reached.
    const rate = server.app.prices.current(btcusd.asset_id)?.price ?? 0
    const buy = await openPosition(
      server.app,
      customer.token,
      order(btcusd, 'buy', 0.1, { take_profit: rate * 1.004 * (1 - btcusd.sell_spread) }),
    )
    const sell = await openPosition(
      server.app,
      customer.token,
      order(btcusd, 'sell', 0.1, { take_profit: rate * 0.996 * (1 + btcusd.buy_spread) }),
    )
    let closedId: number | undefined
    for (let step = 0; step < 60 && closedId === undefined; step += 1) {
      market.advance(6 * HOUR_MS)
      await sleep(150)
      closedId = (await tradesOf(server, customer.token, 'closed')).find(
        (trade) => trade.close_reason === 'take_profit',
      )?.id
    }
    if (closedId === undefined) throw new Error('neither take-profit was reached')
    expect([buy.id, sell.id]).toContain(closedId)
    await pushesSettled()
    await receiver.next(`/push/${name}`, from)
    await eventually(() =>
      expect(payloadsTo(receiver, browser, name, from).map((push) => push.tag)).toContain(
        `trade-${closedId}`,
      ),
    )
    const payload = payloadsTo(receiver, browser, name, from).find((push) => push.tag === `trade-${closedId}`)
    expect(payload).toMatchObject({
      title: 'Take profit reached',
      tag: `trade-${closedId}`,
      url: `/mt4?asset=${encodeURIComponent(btcusd.asset_id)}`,
      asset_id: btcusd.asset_id,
    })
    expect(payload?.body).toContain(btcusd.symbol)
  })

  it('pushes a support reply only while the customer has no socket open, and not when support pushes are off', async () => {
    const customer = await fundedCustomer(server.app, '0.00')
    const name = `support-${customer.id}`
    const browser = await subscribedBrowser(server.app, receiver, customer.token, name)

    // A tab is open (its socket holds the customer's channel): the tab shows the reply, no push.
    const tab = await recordChannel(server.baseUrl, pusherKey, customer.token, CHANNELS.user(customer.id))
    let from = receiver.received.length
    await sendMessage(server.app, adminToken, { customer_id: customer.id, message: 'Seen live in the tab' })
    await pushesSettled()
    expect(payloadsTo(receiver, browser, name, from)).toEqual([])

    // The tab is closed: the next reply is pushed, even while staff watch the conversation's channel.
    tab.client.disconnect()
    await recordChannel(server.baseUrl, pusherKey, adminToken, CHANNELS.chatCustomer(customer.id))
    const broker = server.app.realtime.broker
    await eventually(async () =>
      expect((await broker?.channelCounts({ channels: [CHANNELS.user(customer.id)] }))?.size ?? 0).toBe(0),
    )
    from = receiver.received.length
    await sendMessage(server.app, adminToken, {
      customer_id: customer.id,
      message: 'Your card is unblocked.',
    })
    await pushesSettled()
    await receiver.next(`/push/${name}`, from)
    expect(payloadsTo(receiver, browser, name, from)).toEqual([
      {
        title: 'Support replied',
        body: 'Your card is unblocked.',
        tag: `support-${customer.id}`,
        url: '/main/chat',
      },
    ])

    // The customer's own message is never pushed back to them; with support pushes off, a reply is not pushed.
    from = receiver.received.length
    await sendMessage(server.app, customer.token, { message: 'Thank you' })
    await savePreferences(customer.token, { push: { support: false } })
    await sendMessage(server.app, adminToken, { customer_id: customer.id, message: 'You are welcome' })
    await pushesSettled()
    expect(payloadsTo(receiver, browser, name, from)).toEqual([])
  })
})
