// The customer's display currency (docs/product/data-model.md#currency,
// docs/product/offline-and-pwa.md#browser-storage): a code kept in localStorage under `currency`, USD by default,
// followed across tabs through the `storage` event so every open page shows the same currency.
import { useSyncExternalStore } from 'react'
import { USD } from '../domain/format/currency'
import { STORAGE_KEYS } from '../domain/storage-keys'

export const DEFAULT_CURRENCY_CODE = USD.code

// A code as the catalogue lists them (ISO 4217 style); anything else in storage is someone else's value.
const CODE = /^[A-Z]{3}$/

function readCode(storage: Storage | undefined): string {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.CURRENCY)?.trim()
    return raw && CODE.test(raw) ? raw : DEFAULT_CURRENCY_CODE
  } catch {
    return DEFAULT_CURRENCY_CODE
  }
}

export function createCurrencyStore(storage: Storage | undefined = globalThis.localStorage) {
  let code = readCode(storage)
  const listeners = new Set<() => void>()
  const set = (next: string) => {
    if (next === code) return
    code = next
    listeners.forEach((listener) => listener())
  }
  return {
    getCode: () => code,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    setCode(next: string) {
      if (!CODE.test(next)) return
      try {
        storage?.setItem(STORAGE_KEYS.CURRENCY, next)
      } catch {
        // Storage full or blocked (private mode): the choice still holds for this tab.
      }
      set(next)
    },
    /** Another tab chose a currency: take it without writing it back. */
    syncFromStorage() {
      set(readCode(storage))
    },
  }
}

export type CurrencyStore = ReturnType<typeof createCurrencyStore>

export const currencyStore = createCurrencyStore()

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.CURRENCY || event.key === null) currencyStore.syncFromStorage()
  })
}

/** The chosen currency code (not yet checked against the catalogue's list: see resolveDisplayCurrency). */
export function useCurrencyCode(store: CurrencyStore = currencyStore): string {
  return useSyncExternalStore(store.subscribe, store.getCode, () => DEFAULT_CURRENCY_CODE)
}
