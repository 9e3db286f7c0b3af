// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONNECTION_STATUS } from '../../../src/domain/contract/realtime'
import { HUB_TIMINGS } from '../../../workers/realtime/hub'
import { createTestHub, type FakeTab } from './hub-test-kit'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const lastSeq = (tab: FakeTab) => tab.of('prices').at(-1)?.seq ?? -1

function pricedHub() {
  const t = createTestHub()
  t.signIn()
  return t
}

describe('price ticks', () => {
  it('opens the price socket when the first tab asks for prices, and only one for all tabs', () => {
    const t = pricedHub()
    t.addTab('a')
    t.addTab('b')
    expect(t.priceSockets).toHaveLength(0)
    t.hub.subscribePrices('a')
    t.hub.subscribePrices('b')
    expect(t.priceSockets).toHaveLength(1)
  })

  it('forwards each batch at once to every tab that asked for prices', () => {
    const t = pricedHub()
    const a = t.addTab('a')
    const b = t.addTab('b')
    const c = t.addTab('c')
    t.hub.subscribePrices('a')
    t.hub.subscribePrices('b')

    t.prices.update([{ id: 'EURUSD', price: 1.1, lastUpdated: 1 }])

    expect(a.of('prices')).toEqual([
      { type: 'prices', ticks: [{ id: 'EURUSD', price: 1.1, lastUpdated: 1 }], seq: 1 },
    ])
    expect(b.of('prices')).toHaveLength(1)
    expect(c.of('prices')).toHaveLength(0)
  })

  it('merges three batches for a tab that has not acknowledged into one, last price per asset winning', () => {
    const t = pricedHub()
    const slow = t.addTab('slow')
    const fast = t.addTab('fast')
    t.hub.subscribePrices('slow')
    t.hub.subscribePrices('fast')

    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    const batches = [
      [
        { id: 'EURUSD', price: 1.1 },
        { id: 'BTCUSD', price: 50_000, change24h: 10 },
      ],
      [{ id: 'EURUSD', price: 1.2 }],
      [
        { id: 'BTCUSD', price: 50_100 },
        { id: 'XAUUSD', price: 2_000 },
      ],
    ]
    for (const batch of batches) {
      t.prices.update(batch)
      t.hub.ackPrices('fast', lastSeq(fast))
    }

    // The fast tab got every batch as it came; the slow one only its first, the rest waiting merged.
    expect(fast.of('prices')).toHaveLength(4)
    expect(slow.of('prices')).toHaveLength(1)

    t.hub.ackPrices('slow', lastSeq(slow))
    const merged = slow.of('prices')
    expect(merged).toHaveLength(2)
    expect(merged[1]?.ticks).toEqual([
      { id: 'EURUSD', price: 1.2 },
      { id: 'BTCUSD', price: 50_100, change24h: 10 },
      { id: 'XAUUSD', price: 2_000 },
    ])

    // Nothing more pending: the next acknowledgement sends nothing, the next batch goes out at once.
    t.hub.ackPrices('slow', lastSeq(slow))
    expect(slow.of('prices')).toHaveLength(2)
    t.prices.update([{ id: 'EURUSD', price: 1.3 }])
    expect(slow.of('prices')).toHaveLength(3)
  })

  it('ignores a stale acknowledgement', () => {
    const t = pricedHub()
    const a = t.addTab('a')
    t.hub.subscribePrices('a')
    t.prices.update([{ id: 'EURUSD', price: 1 }])
    t.prices.update([{ id: 'EURUSD', price: 2 }])
    t.hub.ackPrices('a', 0)
    expect(a.of('prices')).toHaveLength(1)
  })

  it('drops invalid ticks (docs/product/data-model.md#live-price-update: id a string and price a number) and empty batches', () => {
    const t = pricedHub()
    const a = t.addTab('a')
    t.hub.subscribePrices('a')

    t.prices.update([
      { id: 'EURUSD', price: 1.1 },
      { id: 42, price: 1 },
      { id: 'GBPUSD', price: '1.3' },
      { id: 'NaN', price: Number.NaN },
      null,
      'junk',
    ])
    t.prices.update([{ price: 2 }])
    t.prices.update('not a list')

    expect(a.of('prices')).toEqual([{ type: 'prices', ticks: [{ id: 'EURUSD', price: 1.1 }], seq: 1 }])
  })

  it('hands data:all to the subscribed tabs, and a later tab a snapshot from the cache without a new socket', () => {
    const t = pricedHub()
    const a = t.addTab('a')
    t.hub.subscribePrices('a')
    t.prices.snapshot({
      success: true,
      data: [
        { id: 'EURUSD', price: 1.1 },
        { id: 'BTCUSD', price: 50_000 },
        { id: 7, price: 1 },
      ],
    })
    t.prices.update([{ id: 'EURUSD', price: 1.2 }])
    expect(a.of('prices')[0]?.ticks).toHaveLength(2)

    const b = t.addTab('b')
    t.hub.subscribePrices('b')
    expect(t.priceSockets).toHaveLength(1)
    expect(b.of('prices')).toEqual([
      {
        type: 'prices',
        ticks: [
          { id: 'EURUSD', price: 1.2 },
          { id: 'BTCUSD', price: 50_000 },
        ],
        seq: 1,
      },
    ])
  })

  it('ignores a malformed data:all', () => {
    const t = pricedHub()
    const a = t.addTab('a')
    t.hub.subscribePrices('a')
    t.prices.snapshot({ success: false, data: [{ id: 'EURUSD', price: 1 }] })
    t.prices.snapshot([{ id: 'EURUSD', price: 1 }])
    expect(a.of('prices')).toEqual([])
  })

  it('stops sending to a tab that unsubscribed and closes the socket once nobody wants prices', () => {
    const t = pricedHub()
    const a = t.addTab('a')
    t.hub.subscribePrices('a')
    const socket = t.prices
    t.hub.unsubscribePrices('a')
    socket.update([{ id: 'EURUSD', price: 1 }])
    expect(a.of('prices')).toEqual([])

    vi.advanceTimersByTime(HUB_TIMINGS.IDLE_DISCONNECT_MS)
    expect(socket.disconnected).toBe(true)
    expect(t.hub.inspect().prices).toEqual({
      open: false,
      status: CONNECTION_STATUS.DISCONNECTED,
      cachedAssets: 0,
    })
  })

  it('tries the price socket again some time after socket.io gave up', () => {
    const t = pricedHub()
    t.addTab('a')
    t.hub.subscribePrices('a')
    t.prices.options.onStatus(CONNECTION_STATUS.FAILED, 'Reconnection failed')
    expect(t.hub.getStatus().prices).toBe(CONNECTION_STATUS.FAILED)

    vi.advanceTimersByTime(HUB_TIMINGS.PRICE_RETRY_MS)
    expect(t.prices.reconnects).toBe(1)
  })
})

describe('a tab that asks the hub to hold its next batch (a phone: docs/decisions/0043-the-signed-in-start-on-a-phone.md)', () => {
  /** A tab whose answer to every batch is at once, asking for a hold of `holdMs`, as a touch screen's does. */
  function phoneTab(t: ReturnType<typeof pricedHub>, id: string, holdMs: number) {
    const tab = t.addTab(id, {
      sink: (message) =>
        message.type === 'prices' ? Promise.resolve({ holdMs, unwatchedHoldMs: holdMs }) : undefined,
    })
    t.hub.subscribePrices(id)
    return tab
  }
  const batches = (tab: FakeTab) => tab.of('prices').map((batch) => batch.ticks)

  it('gets the next batch only the hold after the last was sent, with what came meanwhile merged', async () => {
    const t = pricedHub()
    const phone = phoneTab(t, 'phone', 100)
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(10)
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    await vi.advanceTimersByTimeAsync(50)
    t.prices.update([
      { id: 'EURUSD', price: 1.2 },
      { id: 'BTCUSD', price: 50_000 },
    ])
    await vi.advanceTimersByTimeAsync(39)
    expect(batches(phone)).toEqual([[{ id: 'EURUSD', price: 1.0 }]])

    await vi.advanceTimersByTimeAsync(1)
    expect(batches(phone)).toEqual([
      [{ id: 'EURUSD', price: 1.0 }],
      [
        { id: 'EURUSD', price: 1.2 },
        { id: 'BTCUSD', price: 50_000 },
      ],
    ])
  })

  it('gets a tick at once when the hold ran out with nothing waiting', async () => {
    const t = pricedHub()
    const phone = phoneTab(t, 'phone', 100)
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(150)
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    expect(batches(phone)).toEqual([[{ id: 'EURUSD', price: 1.0 }], [{ id: 'EURUSD', price: 1.1 }]])
  })

  it('does not hold another tab: a desktop tab that took its batch gets the next at once', async () => {
    const t = pricedHub()
    const phone = phoneTab(t, 'phone', 100)
    const desktop = t.addTab('desktop', {
      sink: (message) =>
        message.type === 'prices' ? Promise.resolve({ holdMs: 0, unwatchedHoldMs: 0 }) : undefined,
    })
    t.hub.subscribePrices('desktop')
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(0)
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    expect(batches(desktop)).toHaveLength(2)
    expect(batches(phone)).toHaveLength(1)
  })

  it(`holds no longer than HUB_TIMINGS.MAX_PRICE_BATCH_HOLD_MS, whatever the tab asks`, async () => {
    const t = pricedHub()
    const phone = phoneTab(t, 'phone', 60_000)
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    await vi.advanceTimersByTimeAsync(HUB_TIMINGS.MAX_PRICE_BATCH_HOLD_MS - 1)
    expect(batches(phone)).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(batches(phone)).toHaveLength(2)
  })

  it('forgets the hold when the tab stops wanting prices: subscribed again, it gets the cache at once', async () => {
    const t = pricedHub()
    const phone = phoneTab(t, 'phone', 100)
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(10)
    t.hub.unsubscribePrices('phone')
    t.hub.subscribePrices('phone')
    expect(batches(phone)).toEqual([[{ id: 'EURUSD', price: 1.0 }], [{ id: 'EURUSD', price: 1.0 }]])
    await vi.advanceTimersByTimeAsync(200)
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    expect(batches(phone)).toHaveLength(3)
  })
})

describe('a phone that says which assets it shows (docs/decisions/0043-the-signed-in-start-on-a-phone.md)', () => {
  /** A touch screen's tab: answers at once, holding every tick 100 ms and a batch of unwatched assets only 1 s. */
  function phoneWatching(t: ReturnType<typeof pricedHub>, watched: string[] | null) {
    const tab = t.addTab('phone', {
      sink: (message) =>
        message.type === 'prices' ? Promise.resolve({ holdMs: 100, unwatchedHoldMs: 1_000 }) : undefined,
    })
    t.hub.subscribePrices('phone')
    t.hub.watchPrices('phone', watched)
    return tab
  }
  const batches = (tab: FakeTab) => tab.of('prices').map((batch) => batch.ticks.map((tick) => tick.id))

  it('gets a batch of unwatched assets only its unwatched hold after the last batch, all of it merged', async () => {
    const t = pricedHub()
    const phone = phoneWatching(t, ['EURUSD'])
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(200)
    t.prices.update([{ id: 'BTCUSD', price: 50_000 }])
    await vi.advanceTimersByTimeAsync(300)
    t.prices.update([{ id: 'XAUUSD', price: 2_000 }])
    await vi.advanceTimersByTimeAsync(499)
    expect(batches(phone)).toEqual([['EURUSD']])

    await vi.advanceTimersByTimeAsync(1)
    expect(batches(phone)).toEqual([['EURUSD'], ['BTCUSD', 'XAUUSD']])
  })

  it('gets a watched tick its hold after the last batch, with the unwatched ones merged meanwhile', async () => {
    const t = pricedHub()
    const phone = phoneWatching(t, ['EURUSD'])
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(20)
    t.prices.update([{ id: 'BTCUSD', price: 50_000 }])
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    await vi.advanceTimersByTimeAsync(79)
    expect(batches(phone)).toEqual([['EURUSD']])
    await vi.advanceTimersByTimeAsync(1)
    expect(batches(phone)).toEqual([['EURUSD'], ['BTCUSD', 'EURUSD']])
  })

  it('ends the unwatched wait when a watched asset ticks, or when the page starts showing a held one', async () => {
    const t = pricedHub()
    const phone = phoneWatching(t, ['EURUSD'])
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(300)
    t.prices.update([{ id: 'BTCUSD', price: 50_000 }])
    await vi.advanceTimersByTimeAsync(100)
    expect(batches(phone)).toHaveLength(1)
    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    expect(batches(phone)).toEqual([['EURUSD'], ['BTCUSD', 'EURUSD']])

    await vi.advanceTimersByTimeAsync(300)
    t.prices.update([{ id: 'XAUUSD', price: 2_000 }])
    await vi.advanceTimersByTimeAsync(10)
    expect(batches(phone)).toHaveLength(2)
    t.hub.watchPrices('phone', ['EURUSD', 'XAUUSD'])
    expect(batches(phone)).toEqual([['EURUSD'], ['BTCUSD', 'EURUSD'], ['XAUUSD']])
  })

  it('holds nothing longer for a tab that never said what it shows, or sent something that is not a list of ids', async () => {
    for (const watched of [null, 'EURUSD', [1, 2], Array.from({ length: 501 }, (_, i) => `A${i}`)]) {
      const t = pricedHub()
      const phone = phoneWatching(t, null)
      t.hub.watchPrices('phone', watched as never)
      t.prices.update([{ id: 'EURUSD', price: 1.0 }])
      await vi.advanceTimersByTimeAsync(200)
      t.prices.update([{ id: 'BTCUSD', price: 50_000 }])
      expect(batches(phone)).toEqual([['EURUSD'], ['BTCUSD']])
    }
  })

  it('holds no batch of unwatched assets longer than HUB_TIMINGS.MAX_PRICE_BATCH_HOLD_MS, whatever the tab asks', async () => {
    const t = pricedHub()
    const phone = t.addTab('phone', {
      sink: (message) =>
        message.type === 'prices' ? Promise.resolve({ holdMs: 100, unwatchedHoldMs: 60_000 }) : undefined,
    })
    t.hub.subscribePrices('phone')
    t.hub.watchPrices('phone', [])
    t.prices.update([{ id: 'EURUSD', price: 1.0 }])
    await vi.advanceTimersByTimeAsync(0)
    t.prices.update([{ id: 'BTCUSD', price: 50_000 }])
    await vi.advanceTimersByTimeAsync(HUB_TIMINGS.MAX_PRICE_BATCH_HOLD_MS - 1)
    expect(phone.of('prices')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(phone.of('prices')).toHaveLength(2)
  })

  it('gets the cache at once when it subscribes again, whatever it watches', async () => {
    const t = pricedHub()
    const phone = phoneWatching(t, [])
    t.prices.update([{ id: 'BTCUSD', price: 50_000 }])
    await vi.advanceTimersByTimeAsync(10)
    t.hub.unsubscribePrices('phone')
    t.hub.subscribePrices('phone')
    expect(batches(phone)).toEqual([['BTCUSD'], ['BTCUSD']])
  })
})
