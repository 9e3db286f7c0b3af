// Shared by the component tests: the accessibility check every test file starts with, and the browser APIs that
// jsdom lacks but Ark's floating layers call (ResizeObserver for positioning, scrollIntoView for highlighted items).
import axe from 'axe-core'
import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'

if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub })
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = function scrollTo() {}

/**
 * Runs axe on the rendered container and on any portalled layers (a menu's or select's positioner lives in
 * document.body, outside the container). jsdom has no layout, so only the contrast rule is off.
 */
export async function expectNoA11yViolations(...elements: Element[]) {
  const context = elements.length > 0 ? { include: elements } : document
  const results = await axe.run(context, { rules: { 'color-contrast': { enabled: false } } })
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`,
  )
  expect(summary).toEqual([])
}

/**
 * Ark (zag) layers move focus inside and start listening for Escape a frame after they appear; a key pressed
 * before that is lost on a busy machine. Wait for the focus before pressing keys at a layer just opened.
 */
export async function waitForFocusInside(element: HTMLElement) {
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
}
