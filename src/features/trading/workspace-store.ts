// The workspace's choice of asset (docs/product/trading-workspace.md#assets-and-live-prices): activeAsset,
// activePairs and activePair, persisted under `asset-storage` so a reload opens the same tabs. The rules are
// src/domain/trading/pairs.ts; this file only holds the state and tells subscribers. Prices are not kept here: they
// live in the tab's live price store.
import { useSyncExternalStore } from 'react'
import type { Asset } from '../../domain/contract/assets'
import { STORAGE_KEYS } from '../../domain/storage-keys'
import {
  addPair,
  assetForPair,
  DEFAULT_ACTIVE_PAIRS,
  defaultActiveAsset,
  removePair,
} from '../../domain/trading/pairs'

export interface WorkspaceState {
  /** asset_id of the active asset; null until the assets are known. */
  activeAssetId: string | null
  /** symbol_display of the open tabs. */
  activePairs: readonly string[]
  activePair: string | null
}

type Listener = () => void

function readPersisted(storage: Storage | undefined): WorkspaceState {
  const fallback: WorkspaceState = {
    activeAssetId: null,
    activePairs: DEFAULT_ACTIVE_PAIRS,
    activePair: null,
  }
  try {
    const raw = storage?.getItem(STORAGE_KEYS.ASSET_STORE)
    if (!raw) return fallback
    const parsed = JSON.parse(raw) as Partial<WorkspaceState>
    const pairs = Array.isArray(parsed.activePairs)
      ? parsed.activePairs.filter((pair): pair is string => typeof pair === 'string')
      : []
    return {
      activeAssetId: typeof parsed.activeAssetId === 'string' ? parsed.activeAssetId : null,
      activePairs: pairs.length > 0 ? pairs : DEFAULT_ACTIVE_PAIRS,
      activePair: typeof parsed.activePair === 'string' ? parsed.activePair : null,
    }
  } catch {
    return fallback
  }
}

export function createWorkspaceStore(storage: Storage | undefined = globalThis.localStorage) {
  let state = readPersisted(storage)
  const listeners = new Set<Listener>()

  const set = (next: WorkspaceState) => {
    if (
      next.activeAssetId === state.activeAssetId &&
      next.activePair === state.activePair &&
      next.activePairs === state.activePairs
    ) {
      return
    }
    state = next
    try {
      storage?.setItem(STORAGE_KEYS.ASSET_STORE, JSON.stringify(state))
    } catch {
      // Storage full or blocked (private mode): the choice still holds for this page.
    }
    listeners.forEach((listener) => listener())
  }

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Applies the default-active-asset rule once the assets are known; a valid earlier choice is kept. */
    initialise(assets: readonly Asset[]) {
      const active = defaultActiveAsset(assets, state.activeAssetId)
      if (!active) return
      const known = state.activePairs.filter((pair) => assetForPair(assets, pair))
      const tabs = addPair({ pairs: known, active: state.activePair }, active.symbol_display)
      set({ activeAssetId: active.asset_id, activePairs: tabs.pairs, activePair: tabs.active })
    },
    /**
     * docs/product/trading-workspace.md#pairs: choosing an asset (watch row, picker, search) adds its pair and makes
     * it active.
     */
    selectAsset(asset: Asset) {
      const tabs = addPair({ pairs: state.activePairs, active: state.activePair }, asset.symbol_display)
      set({ activeAssetId: asset.asset_id, activePairs: tabs.pairs, activePair: tabs.active })
    },
    /**
     * docs/product/trading-workspace.md#pairs: refused when only one pair remains; closing the active pair activates
     * the first remaining one.
     */
    closePair(symbolDisplay: string, assets: readonly Asset[]) {
      const tabs = removePair({ pairs: state.activePairs, active: state.activePair }, symbolDisplay)
      if (tabs.pairs === state.activePairs) return
      const active = tabs.active === null ? undefined : assetForPair(assets, tabs.active)
      set({
        activeAssetId: active?.asset_id ?? state.activeAssetId,
        activePairs: tabs.pairs,
        activePair: tabs.active,
      })
    },
  }
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>

/** One per tab. */
export const workspaceStore = createWorkspaceStore()

export function useWorkspace<T>(select: (state: WorkspaceState) => T): T {
  return useSyncExternalStore(
    workspaceStore.subscribe,
    () => select(workspaceStore.getState()),
    () => select(workspaceStore.getState()),
  )
}
