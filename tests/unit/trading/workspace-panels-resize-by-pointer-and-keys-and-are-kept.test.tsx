// Decision 0023: on wide screens the /mt4 positions drawer, the market watch sidebar and its Algo Trader list are
// resizable by pointer and keyboard, within bounds that follow the window, and their sizes are kept per browser.
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ResizeHandle } from '../../../src/components/ui/resize-handle'
import {
  clampPanelSize,
  PANEL_KEY_STEP_PX,
  panelMaxPx,
  parsePanelSizes,
  sizeAfterKey,
  WORKSPACE_PANELS,
} from '../../../src/domain/trading/panel-sizes'
import { readPanelSizes, writePanelSizes } from '../../../src/lib/panel-sizes'
import { expectNoA11yViolations } from '../components/test-utils'

describe('panel sizes', () => {
  it('keep each panel within its bounds for the window it is in, and give the default for no number', () => {
    // 800 px tall: the positions drawer may take up to 60 %, 480 px, and no less than 120.
    expect(panelMaxPx('positions', 800)).toBe(480)
    expect(clampPanelSize('positions', 1_000, 800)).toBe(480)
    expect(clampPanelSize('positions', 40, 800)).toBe(120)
    expect(clampPanelSize('positions', 300.4, 800)).toBe(300)
    expect(clampPanelSize('positions', undefined, 800)).toBe(WORKSPACE_PANELS.positions.defaultPx)
    expect(clampPanelSize('sidebar', Number.NaN, 1280)).toBe(384)
    // A window too small for the fraction still allows the minimum.
    expect(panelMaxPx('sidebar', 400)).toBe(WORKSPACE_PANELS.sidebar.minPx)
  })

  it('read back only known panels with finite sizes', () => {
    expect(parsePanelSizes({ positions: 300, sidebar: '400', algoTrader: -5, chart: 10 })).toEqual({
      positions: 300,
    })
    expect(parsePanelSizes('nonsense')).toEqual({})
    expect(parsePanelSizes(null)).toEqual({})
  })

  it('move by a step per arrow key in the direction that grows the panel, Home and End to the bounds', () => {
    const bounds = { minPx: 100, maxPx: 400 }
    const grows = { more: 'ArrowUp', less: 'ArrowDown' }
    expect(sizeAfterKey('ArrowUp', 200, bounds, grows)).toBe(200 + PANEL_KEY_STEP_PX)
    expect(sizeAfterKey('ArrowDown', 200, bounds, grows)).toBe(200 - PANEL_KEY_STEP_PX)
    expect(sizeAfterKey('ArrowDown', 105, bounds, grows)).toBe(100)
    expect(sizeAfterKey('Home', 200, bounds, grows)).toBe(100)
    expect(sizeAfterKey('End', 200, bounds, grows)).toBe(400)
    expect(sizeAfterKey('Enter', 200, bounds, grows)).toBeNull()
  })

  it('are stored per browser as one object, and blocked storage costs nothing but the memory', () => {
    const items = new Map<string, string>()
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    } as Storage
    writePanelSizes({ positions: 320, sidebar: 400 }, storage)
    expect(readPanelSizes(storage)).toEqual({ positions: 320, sidebar: 400 })
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    } as unknown as Storage
    expect(readPanelSizes(blocked)).toEqual({})
    expect(() => writePanelSizes({ positions: 1 }, blocked)).not.toThrow()
  })
})

function Harness(props: { onEnd: () => void }) {
  const [size, setSize] = useState(256)
  return (
    <div>
      <div id="drawer" style={{ height: size }} />
      <ResizeHandle
        orientation="horizontal"
        label="Resize the positions panel"
        controls="drawer"
        size={{ px: size, minPx: 120, maxPx: 480 }}
        panel="after"
        onResize={setSize}
        onResizeEnd={props.onEnd}
      />
    </div>
  )
}

describe('the resize handle', () => {
  it('is a separator with the panel size as its value, keyboard-operable, and accessible', async () => {
    const onEnd = vi.fn()
    const { container } = render(<Harness onEnd={onEnd} />)
    const handle = screen.getByRole('separator', { name: 'Resize the positions panel' })
    expect(handle).toHaveAttribute('aria-orientation', 'horizontal')
    expect(handle).toHaveAttribute('aria-valuenow', '256')
    expect(handle).toHaveAttribute('aria-controls', 'drawer')
    handle.focus()
    // The panel lies below the handle: up grows it.
    fireEvent.keyDown(handle, { key: 'ArrowUp' })
    expect(handle).toHaveAttribute('aria-valuenow', String(256 + PANEL_KEY_STEP_PX))
    fireEvent.keyDown(handle, { key: 'End' })
    expect(handle).toHaveAttribute('aria-valuenow', '480')
    expect(onEnd).toHaveBeenCalledTimes(2)
    await expectNoA11yViolations(container)
  })

  it('follows a drag: up by 100 px grows the panel below by 100 px, and never past its bounds', () => {
    const onEnd = vi.fn()
    render(<Harness onEnd={onEnd} />)
    const handle = screen.getByRole('separator')
    // jsdom has no pointer capture.
    handle.setPointerCapture = () => undefined
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 500 })
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 400 })
    expect(handle).toHaveAttribute('aria-valuenow', '356')
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: -1_000 })
    expect(handle).toHaveAttribute('aria-valuenow', '480')
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: -1_000 })
    expect(onEnd).toHaveBeenCalledTimes(1)
    // After the drag, moving the pointer changes nothing.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 700 })
    expect(handle).toHaveAttribute('aria-valuenow', '480')
  })
})
