// The /mt4 panels' sizes kept per browser (decision 0023), as one small JSON object. Storage blocked (private mode):
// the defaults, and a resize holds until the page is left.
import { STORAGE_KEYS } from '../domain/storage-keys'
import { parsePanelSizes, type PanelSizes } from '../domain/trading/panel-sizes'

export function readPanelSizes(storage: Storage | undefined = globalThis.localStorage): PanelSizes {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.WORKSPACE_PANEL_SIZES)
    return raw ? parsePanelSizes(JSON.parse(raw)) : {}
  } catch {
    return {}
  }
}

export function writePanelSizes(sizes: PanelSizes, storage: Storage | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(STORAGE_KEYS.WORKSPACE_PANEL_SIZES, JSON.stringify(sizes))
  } catch {
    // See above.
  }
}
