// Decision 0015: an account whose margin level falls to 50 % is closed out by the trade engine, the position losing
// most first, with close_reason stop_out and a notification saying why; and a balance the account's last open
// position leaves below zero is credited back to zero in the same transaction, booked in the ledger. The first
// part runs on the real simulator, its market clock moved a minute at a time; the second closes at chosen prices.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, notifications, users } from '../../server/db/schema'
import { CHANNELS, NotificationEventSchema, PUSH_EVENTS, type Asset } from '../../src/domain/contract'
import { closeAllClients, eventually, sleep } from './support/realtime-clients'
import {
  balanceOf,
  fundedCustomer,
  assetBySymbol,
  listAssets,
  listenLiveMarket,
  openPosition,
  order,
  recordChannel,
  tradesOf,
} from './support/trading'
import { listenTestApp, movableClock, type ListeningServer } from './support/test-server'

const MINUTE_MS = 60 * 1000

async function setBalance(server: ListeningServer, userId: number, balanceUsd: string) {
  await server.app.db.update(users).set({ balanceUsd }).where(eq(users.id, userId))
}

const cents = (amount: string) => BigInt(amount.replace('.', ''))

describe('stop-out on the live simulator', () => {
  const market = movableClock()
  let server: ListeningServer
  let pusherKey: string
  let btcusd: Asset

  beforeAll(async () => {
    ;({ server, pusherKey, btcusd } = await listenLiveMarket({ seed: 34, marketNow: market.now }))
  })
  afterAll(async () => {
    closeAllClients()
    await server?.close()
  })

  it('closes out the account whose margin level reaches 50 %, tells it why, and leaves healthy accounts open', async () => {
    // A buyer and a seller, each left with equity of 60 % of its margin: at 1:100 a move of about 0.1 % against one
    // of them takes its level to 50 %, whichever way Bitcoin goes.
    const buyer = await fundedCustomer(server.app, '100000.00')
    const seller = await fundedCustomer(server.app, '100000.00')
    const healthy = await fundedCustomer(server.app, '100000.00')
    const bought = await openPosition(server.app, buyer.token, order(btcusd, 'buy', 0.1))
    const sold = await openPosition(server.app, seller.token, order(btcusd, 'sell', 0.1))
    const untouched = await openPosition(server.app, healthy.token, order(btcusd, 'buy', 0.1))
    // The spread is already a loss (Bitcoin's is 0.15 % a side, a third of the margin at 1:100): the balance makes
    // equity, balance plus that loss, 60 % of the margin.
    const [buyNow] = await tradesOf(server, buyer.token, 'open')
    const [sellNow] = await tradesOf(server, seller.token, 'open')
    await setBalance(server, buyer.id, (bought.margin * 0.6 - (buyNow?.pnl ?? 0)).toFixed(2))
    await setBalance(server, seller.id, (sold.margin * 0.6 - (sellNow?.pnl ?? 0)).toFixed(2))
    const buyerNotifications = await recordChannel(
      server.baseUrl,
      pusherKey,
      buyer.token,
      CHANNELS.notification(buyer.id),
    )
    const sellerNotifications = await recordChannel(
      server.baseUrl,
      pusherKey,
      seller.token,
      CHANNELS.notification(seller.id),
    )

    const stillOpen = async () =>
      (await tradesOf(server, buyer.token, 'open')).length +
      (await tradesOf(server, seller.token, 'open')).length
    // A market minute per step, a little over the engine's one check a second between steps.
    for (let step = 0; step < 60 && (await stillOpen()) === 2; step += 1) {
      market.advance(MINUTE_MS)
      await sleep(1_100)
    }
    await eventually(async () => expect(await stillOpen()).toBe(1))

    const buyerOut = (await tradesOf(server, buyer.token, 'open')).length === 0
    const [out, position, channel] = buyerOut
      ? [buyer, bought, buyerNotifications]
      : [seller, sold, sellerNotifications]
    const [closed] = await tradesOf(server, out.token, 'closed')
    expect(closed?.id).toBe(position.id)
    expect(closed?.close_reason).toBe('stop_out')
    expect(closed?.pnl).toBeLessThan(0)

    // Booked once; negative balance protection tops it up to zero if the last tick overshot the balance.
    const balance = await balanceOf(server.app, out.id)
    expect(cents(balance) >= 0n).toBe(true)
    const ledger = await server.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, out.id))
    expect(ledger.filter((entry) => entry.kind === 'trade_pnl').map((entry) => entry.tradeId)).toEqual([
      position.id,
    ])

    // Told why, stored and pushed.
    const [notice] = await server.app.db.select().from(notifications).where(eq(notifications.userId, out.id))
    expect(notice?.title).toBe('Stop out')
    expect(notice?.color).toBe('danger')
    expect(notice?.message).toMatch(
      new RegExp(
        `^Your BTCUSD position ${closed?.trade_id} was closed at [\\d.]+: your margin level fell to`,
      ),
    )
    expect(notice?.message).toContain('(positions are closed at 50%).')
    await eventually(() =>
      expect(channel.events.map(({ event }) => event)).toEqual([PUSH_EVENTS.NOTIFICATION_MESSAGE]),
    )
    expect(NotificationEventSchema.parse(channel.events[0]?.data).title).toBe('Stop out')

    // The customer with room to spare, and the other side of the move, keep their positions.
    expect((await tradesOf(server, healthy.token, 'open')).map((trade) => trade.id)).toEqual([untouched.id])
  })
})

describe('negative balance protection', () => {
  // No ticks: no stop-out check runs, so the test alone decides the closing prices.
  let server: ListeningServer
  let btcusd: Asset

  beforeAll(async () => {
    server = await listenTestApp({ realtime: { prices: { ticksPerSecond: 0, ignoreMarketHours: true } } })
    btcusd = assetBySymbol(await listAssets(server.app), 'BTCUSD')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('credits a balance the last open position leaves below zero, not one an open position may still cover', async () => {
    const customer = await fundedCustomer(server.app, '100000.00')
    const rate = server.app.prices.current(btcusd.asset_id)?.price ?? 0
    const first = await openPosition(server.app, customer.token, order(btcusd, 'buy', 0.1))
    const second = await openPosition(server.app, customer.token, order(btcusd, 'buy', 0.1))
    await setBalance(server, customer.id, '100.00')

    // 2 % down on 0.1 BTC is a loss of about 0.002 x 97,000 = 194 USD: the balance goes to about -94 while the
    // second position is still open, and stays there: that position's P/L may yet cover it.
    const down = rate * 0.98
    const firstClose = await server.app.trading.closeAtLevel(customer.id, first.id, 'stop_loss', down)
    expect(firstClose.ok).toBe(true)
    const afterFirst = await balanceOf(server.app, customer.id)
    expect(cents(afterFirst) < 0n).toBe(true)

    // The last position closes at a loss too: the balance is credited back to zero, and the credit is booked.
    const secondClose = await server.app.trading.closeAtLevel(customer.id, second.id, 'stop_loss', down)
    expect(secondClose.ok).toBe(true)
    expect(await balanceOf(server.app, customer.id)).toBe('0.00')

    const ledger = await server.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, customer.id))
      .orderBy(ledgerEntries.id)
    expect(ledger.map((entry) => [entry.kind, entry.tradeId])).toEqual([
      ['trade_pnl', first.id],
      ['trade_pnl', second.id],
      ['negative_balance_protection', second.id],
    ])
    const [firstPnl, secondPnl, credit] = ledger
    expect(firstPnl?.balanceAfterUsd).toBe(afterFirst)
    // The credit is exactly what the last close left owing, and the balance it leaves is zero.
    expect(cents(credit?.amountUsd ?? '0')).toBe(-cents(secondPnl?.balanceAfterUsd ?? '0'))
    expect(credit?.balanceAfterUsd).toBe('0.00')
    // 100 USD in, both losses booked in full, and the broker took the part beyond the balance.
    const booked = ledger.reduce((sum, entry) => sum + cents(entry.amountUsd), 0n)
    expect(cents('100.00') + booked).toBe(0n)
  })

  it('books nothing extra when the balance stays at or above zero', async () => {
    const customer = await fundedCustomer(server.app, '100000.00')
    const rate = server.app.prices.current(btcusd.asset_id)?.price ?? 0
    const position = await openPosition(server.app, customer.token, order(btcusd, 'buy', 0.1))
    await server.app.trading.closeAtLevel(customer.id, position.id, 'stop_loss', rate * 0.99)
    const kinds = await server.app.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, customer.id), eq(ledgerEntries.tradeId, position.id)))
    expect(kinds).toEqual([{ kind: 'trade_pnl' }])
    expect(cents(await balanceOf(server.app, customer.id)) > 0n).toBe(true)
  })
})
