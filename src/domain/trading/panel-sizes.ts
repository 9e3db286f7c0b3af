// The /mt4 workspace's resizable panels on wide screens (decision 0023: at 1280 x 800 the market watch showed about
// four rows and the chart about 300 px above an empty positions area). Three sizes in px, each with its bounds; the
// layout keeps them per browser. Phones keep their fixed layout. Pure.

export const WORKSPACE_PANELS = {
  /** The positions drawer's height, when expanded (was 16rem). */
  positions: { defaultPx: 256, minPx: 120, maxViewportFraction: 0.6 },
  /** The market watch sidebar's width: 24rem, so at the default font a forex symbol (EUR/USD) shows whole beside
   * prices as wide as the list's widest (was 22rem, which cut it to 'EUR/…'). */
  sidebar: { defaultPx: 384, minPx: 280, maxViewportFraction: 0.45 },
  /** The Algo Trader section's height under the sidebar's market watch. */
  algoTrader: { defaultPx: 200, minPx: 96, maxViewportFraction: 0.6 },
} as const
export type WorkspacePanel = keyof typeof WORKSPACE_PANELS
export type PanelSizes = Partial<Record<WorkspacePanel, number>>

/** One arrow key press on a separator. */
export const PANEL_KEY_STEP_PX = 16

/** The largest size a panel may take on a viewport of this extent (its height, or its width for the sidebar). */
export function panelMaxPx(panel: WorkspacePanel, viewportPx: number): number {
  const { minPx, maxViewportFraction } = WORKSPACE_PANELS[panel]
  return Math.max(minPx, Math.floor(viewportPx * maxViewportFraction))
}

/** A size within the panel's bounds, in whole px; anything that is not a finite number gives the default. */
export function clampPanelSize(panel: WorkspacePanel, px: unknown, viewportPx: number): number {
  const { defaultPx, minPx } = WORKSPACE_PANELS[panel]
  const maxPx = panelMaxPx(panel, viewportPx)
  const value = typeof px === 'number' && Number.isFinite(px) ? px : defaultPx
  return Math.round(Math.min(maxPx, Math.max(minPx, value)))
}

/** Stored sizes as read back: only known panels with finite numbers (a hand-edited or older value is dropped). */
export function parsePanelSizes(stored: unknown): PanelSizes {
  if (typeof stored !== 'object' || stored === null) return {}
  const sizes: PanelSizes = {}
  for (const panel of Object.keys(WORKSPACE_PANELS) as WorkspacePanel[]) {
    const value = (stored as Record<string, unknown>)[panel]
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) sizes[panel] = Math.round(value)
  }
  return sizes
}

/** The size a separator's key asks for, or null for a key it does not use. `grows`: the key that enlarges. */
export function sizeAfterKey(
  key: string,
  current: number,
  bounds: { minPx: number; maxPx: number },
  grows: { more: string; less: string },
): number | null {
  const step = (sign: 1 | -1) =>
    Math.min(bounds.maxPx, Math.max(bounds.minPx, current + sign * PANEL_KEY_STEP_PX))
  if (key === grows.more) return step(1)
  if (key === grows.less) return step(-1)
  if (key === 'Home') return bounds.minPx
  if (key === 'End') return bounds.maxPx
  return null
}
