// The workspace's asset choice (docs/product/trading-workspace.md#assets-and-live-prices): activeAsset, activePairs
// and activePair persist under 'asset-storage', so a reload opens the same tabs; the rules of
// docs/product/trading-workspace.md#assets-and-live-prices apply through the store.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { createWorkspaceStore } from '../../../src/features/trading/workspace-store'
import { pairAsset } from '../support/assets'

const asset = pairAsset

const BTCUSD = asset('btcusd', 'BTC/USD', 'BITSTAMP:BTCUSD')
const EURUSD = asset('eurusd', 'EUR/USD')
const AUDJPY = asset('audjpy', 'AUD/JPY')
const ASSETS = [EURUSD, AUDJPY, BTCUSD]

const persisted = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.ASSET_STORE) ?? 'null')

beforeEach(() => localStorage.clear())

describe('workspace store', () => {
  it('starts with no active asset and the BTC/USD tab', () => {
    expect(createWorkspaceStore(localStorage).getState()).toEqual({
      activeAssetId: null,
      activePairs: ['BTC/USD'],
      activePair: null,
    })
  })

  it('initialises to the default asset once the assets are known, and saves it under asset-storage', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    const expected = { activeAssetId: 'btcusd', activePairs: ['BTC/USD'], activePair: 'BTC/USD' }
    expect(store.getState()).toEqual(expected)
    expect(STORAGE_KEYS.ASSET_STORE).toBe('asset-storage')
    expect(persisted()).toEqual(expected)
  })

  it('waits while there are no assets', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise([])
    expect(store.getState().activeAssetId).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.ASSET_STORE)).toBeNull()
  })

  it('selecting an asset opens its tab and makes it active', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    store.selectAsset(EURUSD)
    expect(store.getState()).toEqual({
      activeAssetId: 'eurusd',
      activePairs: ['BTC/USD', 'EUR/USD'],
      activePair: 'EUR/USD',
    })
  })

  it('selecting an asset whose tab is open only activates it', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    store.selectAsset(EURUSD)
    store.selectAsset(BTCUSD)
    expect(store.getState()).toEqual({
      activeAssetId: 'btcusd',
      activePairs: ['BTC/USD', 'EUR/USD'],
      activePair: 'BTC/USD',
    })
  })

  it('reopens the same tabs and keeps the chosen asset after a reload', () => {
    const first = createWorkspaceStore(localStorage)
    first.initialise(ASSETS)
    first.selectAsset(AUDJPY)
    first.selectAsset(EURUSD)

    const reloaded = createWorkspaceStore(localStorage)
    reloaded.initialise(ASSETS)
    expect(reloaded.getState()).toEqual({
      activeAssetId: 'eurusd',
      activePairs: ['BTC/USD', 'AUD/JPY', 'EUR/USD'],
      activePair: 'EUR/USD',
    })
  })

  it('drops saved tabs whose asset no longer exists', () => {
    localStorage.setItem(
      STORAGE_KEYS.ASSET_STORE,
      JSON.stringify({ activeAssetId: 'gone', activePairs: ['GONE/USD', 'EUR/USD'], activePair: 'GONE/USD' }),
    )
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    expect(store.getState()).toEqual({
      activeAssetId: 'btcusd',
      activePairs: ['EUR/USD', 'BTC/USD'],
      activePair: 'BTC/USD',
    })
  })

  it('refuses to close the last tab', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    const listener = vi.fn()
    store.subscribe(listener)
    store.closePair('BTC/USD', ASSETS)
    expect(store.getState().activePairs).toEqual(['BTC/USD'])
    expect(listener).not.toHaveBeenCalled()
  })

  it('closing the active tab activates the first remaining one and its asset', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    store.selectAsset(EURUSD)
    store.selectAsset(AUDJPY)
    store.closePair('AUD/JPY', ASSETS)
    const expected = { activeAssetId: 'btcusd', activePairs: ['BTC/USD', 'EUR/USD'], activePair: 'BTC/USD' }
    expect(store.getState()).toEqual(expected)
    expect(persisted()).toEqual(expected)
  })

  it('closing another tab keeps the active asset', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    store.selectAsset(EURUSD)
    store.closePair('BTC/USD', ASSETS)
    expect(store.getState()).toEqual({
      activeAssetId: 'eurusd',
      activePairs: ['EUR/USD'],
      activePair: 'EUR/USD',
    })
  })

  it('tells subscribers of a change, and stops after unsubscribing', () => {
    const store = createWorkspaceStore(localStorage)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.initialise(ASSETS)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.selectAsset(EURUSD)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('does not tell subscribers when selecting the asset that is already active', () => {
    const store = createWorkspaceStore(localStorage)
    store.initialise(ASSETS)
    const listener = vi.fn()
    store.subscribe(listener)
    store.selectAsset(BTCUSD)
    expect(listener).not.toHaveBeenCalled()
  })

  it.each([
    ['unparseable JSON', '{not json'],
    ['a non-object', '42'],
    ['wrong types', JSON.stringify({ activeAssetId: 7, activePairs: 'BTC/USD', activePair: ['x'] })],
    ['an empty tab list', JSON.stringify({ activeAssetId: null, activePairs: [], activePair: null })],
  ])('falls back to the defaults when storage holds %s', (_label, raw) => {
    localStorage.setItem(STORAGE_KEYS.ASSET_STORE, raw)
    expect(createWorkspaceStore(localStorage).getState()).toEqual({
      activeAssetId: null,
      activePairs: ['BTC/USD'],
      activePair: null,
    })
  })

  it('keeps only the string entries of a damaged tab list', () => {
    localStorage.setItem(
      STORAGE_KEYS.ASSET_STORE,
      JSON.stringify({ activeAssetId: 'eurusd', activePairs: ['EUR/USD', 3, null], activePair: 'EUR/USD' }),
    )
    expect(createWorkspaceStore(localStorage).getState()).toEqual({
      activeAssetId: 'eurusd',
      activePairs: ['EUR/USD'],
      activePair: 'EUR/USD',
    })
  })

  it('still changes the choice for the page when storage refuses to write', () => {
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    } as unknown as Storage
    const store = createWorkspaceStore(blocked)
    store.initialise(ASSETS)
    expect(store.getState().activeAssetId).toBe('btcusd')
  })

  it('works without storage at all', () => {
    const store = createWorkspaceStore(undefined)
    store.initialise(ASSETS)
    expect(store.getState().activePair).toBe('BTC/USD')
  })
})
