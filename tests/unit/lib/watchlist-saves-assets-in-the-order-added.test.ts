import 'fake-indexeddb/auto'
// The watchlist (docs/product/data-model.md#watchlist: saved assets, kept locally;
// docs/product/offline-and-pwa.md#browser-storage: storage 'watchlist') in the app's IndexedDB: toggling saves and
// removes, reading gives the asset_ids in the order they were saved, and logout forgets them.
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { clearUserData, closeDatabase, DB_NAME, readWatchlist, toggleWatchlist } from '../../../src/lib/db'

const T0 = new Date('2026-07-15T12:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

async function deleteDatabase() {
  closeDatabase()
  await Dexie.delete(DB_NAME)
}

beforeEach(deleteDatabase)
afterEach(deleteDatabase)

async function rawRows(): Promise<unknown[]> {
  closeDatabase()
  const raw = new Dexie(DB_NAME)
  await raw.open()
  const rows = await raw.table(STORAGE_KEYS.WATCHLIST).toArray()
  raw.close()
  return rows
}

describe('watchlist storage', () => {
  it('is empty at first', async () => {
    expect(await readWatchlist()).toEqual([])
  })

  it('saves an asset on the first toggle and says it is saved', async () => {
    expect(await toggleWatchlist('eurusd', T0)).toBe(true)
    expect(await readWatchlist()).toEqual(['eurusd'])
  })

  it('removes it on the second toggle and says it is not saved', async () => {
    await toggleWatchlist('eurusd', T0)
    expect(await toggleWatchlist('eurusd', at(1_000))).toBe(false)
    expect(await readWatchlist()).toEqual([])
  })

  it('lists assets in the order they were saved, not by id', async () => {
    await toggleWatchlist('xauusd', at(0))
    await toggleWatchlist('btcusd', at(1_000))
    await toggleWatchlist('eurusd', at(2_000))
    expect(await readWatchlist()).toEqual(['xauusd', 'btcusd', 'eurusd'])
  })

  it('puts a removed and saved-again asset at the end', async () => {
    await toggleWatchlist('xauusd', at(0))
    await toggleWatchlist('btcusd', at(1_000))
    await toggleWatchlist('xauusd', at(2_000))
    await toggleWatchlist('xauusd', at(3_000))
    expect(await readWatchlist()).toEqual(['btcusd', 'xauusd'])
  })

  it('keeps the order for saves in the same millisecond or with the clock set back', async () => {
    await toggleWatchlist('zzz', T0)
    await toggleWatchlist('mmm', T0)
    await toggleWatchlist('aaa', at(-60_000))
    expect(await readWatchlist()).toEqual(['zzz', 'mmm', 'aaa'])
  })

  it('cannot save the same asset twice from two toggles at once', async () => {
    const results = await Promise.all([toggleWatchlist('eurusd', T0), toggleWatchlist('eurusd', T0)])
    expect(results.sort()).toEqual([false, true])
    expect(await readWatchlist()).toEqual([])
  })

  it('ignores an empty asset id', async () => {
    expect(await toggleWatchlist('', T0)).toBe(false)
    expect(await readWatchlist()).toEqual([])
  })

  it("keeps one row per asset in the 'watchlist' table, keyed by asset_id", async () => {
    await toggleWatchlist('eurusd', T0)
    expect(STORAGE_KEYS.WATCHLIST).toBe('watchlist')
    expect(await rawRows()).toEqual([{ assetId: 'eurusd', addedAt: '2026-07-15T12:00:00.000Z' }])
  })

  it('skips rows it did not write (an older numeric id)', async () => {
    await toggleWatchlist('eurusd', at(1_000))
    closeDatabase()
    const raw = new Dexie(DB_NAME)
    await raw.open()
    await raw.table('watchlist').put({ assetId: 1, symbol: 'BTC/USD', addedAt: T0.toISOString() })
    raw.close()
    expect(await readWatchlist()).toEqual(['eurusd'])
  })

  it('is emptied on logout', async () => {
    await toggleWatchlist('eurusd', T0)
    await clearUserData()
    expect(await readWatchlist()).toEqual([])
  })
})
