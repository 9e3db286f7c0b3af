// Whether any floating layer (dialog, popover such as the order ticket, menu, select) is open on the page. Ark UI
// marks each layer's surface with data-scope, data-part="content" and data-state="open" whether it was portalled to
// document.body or into a dialog, so one attribute query covers every layer, present and future, without each one
// having to report itself. Used by what must never cover a layer the customer is working in (the notification alert).
import { useSyncExternalStore } from 'react'

const LAYER_SCOPES = ['dialog', 'popover', 'menu', 'select', 'combobox', 'date-picker', 'hover-card'] as const

export const OPEN_LAYER_SELECTOR = LAYER_SCOPES.map(
  (scope) => `[data-scope="${scope}"][data-part="content"][data-state="open"]`,
).join(', ')

const isAnyLayerOpen = () => document.querySelector(OPEN_LAYER_SELECTOR) !== null

function subscribe(onChange: () => void) {
  // A layer opens by flipping data-state, or mounts already open (lazily mounted dialogs): watch both.
  const observer = new MutationObserver(onChange)
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  })
  return () => observer.disconnect()
}

export function useAnyLayerOpen(): boolean {
  return useSyncExternalStore(subscribe, isAnyLayerOpen, () => false)
}
