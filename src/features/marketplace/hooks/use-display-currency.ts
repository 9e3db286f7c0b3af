import { useMemo } from 'react'
import {
  displayCurrencies,
  resolveDisplayCurrency,
  type DisplayCurrency,
} from '../../../domain/format/currency'
import { currencyStore, useCurrencyCode } from '../../../lib/currency-store'
import { useCatalog } from '../api/get-catalog'

export interface DisplayCurrencyChoice {
  /** The chosen currency, USD until the catalogue has answered or when it no longer lists the choice. */
  currency: DisplayCurrency
  /** The currencies on offer (codes, symbols and rates from the catalogue). */
  currencies: readonly DisplayCurrency[]
  setCurrency: (code: string) => void
}

/**
 * The customer's display currency (docs/product/data-model.md#currency): the stored code resolved against the
 * catalogue's rates.
 */
export function useDisplayCurrency(): DisplayCurrencyChoice {
  const code = useCurrencyCode()
  const listed = useCatalog().data?.currencies
  return useMemo(
    () => ({
      currency: resolveDisplayCurrency(code, listed),
      currencies: displayCurrencies(listed),
      setCurrency: (next: string) => currencyStore.setCode(next),
    }),
    [code, listed],
  )
}
