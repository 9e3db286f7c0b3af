// The /mt4 panels' sizes on wide screens (decision 0023), kept per browser: the positions drawer's height, the market
// watch sidebar's width and the Algo Trader section's height. Each is clamped to its bounds for the window as it is
// now, so a size chosen on a large monitor still fits a laptop's screen.
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  clampPanelSize,
  panelMaxPx,
  WORKSPACE_PANELS,
  type PanelSizes,
  type WorkspacePanel,
} from '../../../domain/trading/panel-sizes'
import { readPanelSizes, writePanelSizes } from '../../../lib/panel-sizes'

/** The window's extent a panel's maximum follows: the sidebar is a width, the others heights. */
const extentOf = (panel: WorkspacePanel, viewport: { width: number; height: number }) =>
  panel === 'sidebar' ? viewport.width : viewport.height

export interface PanelSize {
  px: number
  minPx: number
  maxPx: number
}

export function usePanelSizes() {
  const [stored, setStored] = useState<PanelSizes>(readPanelSizes)
  // What resize last set, at once (the state follows at the next render): store() may run in the same event.
  const latest = useRef(stored)
  const [viewport, setViewport] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }))
  useEffect(() => {
    const onResize = () => setViewport({ width: window.innerWidth, height: window.innerHeight })
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])

  const sizeOf = (panel: WorkspacePanel): PanelSize => {
    const extent = extentOf(panel, viewport)
    return {
      px: clampPanelSize(panel, stored[panel], extent),
      minPx: WORKSPACE_PANELS[panel].minPx,
      maxPx: panelMaxPx(panel, extent),
    }
  }
  const resize = useCallback((panel: WorkspacePanel, px: number) => {
    latest.current = { ...latest.current, [panel]: px }
    setStored(latest.current)
  }, [])
  // Written when a drag or key press ends, not on every pointer move.
  const store = useCallback(() => writePanelSizes(latest.current), [])

  return { sizeOf, resize, store }
}
