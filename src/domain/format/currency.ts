// Money in the customer's chosen display currency (docs/product/data-model.md#currency: code, symbol, rate; default
// USD). Amounts are kept in USD everywhere and converted only for display, two decimals
// (docs/product/trading-workspace.md#price-display).
import { formatMoney } from './numbers'

export interface DisplayCurrency {
  code: string
  symbol: string
  /** Units of this currency per 1 USD. */
  rate: number
}

export const USD: DisplayCurrency = { code: 'USD', symbol: '$', rate: 1 }

export const convertUsd = (amountUsd: number, currency: DisplayCurrency) => amountUsd * currency.rate

/** The display currencies on offer: the server's list, or USD alone until it has answered (or if it lists none). */
export function displayCurrencies(
  available: readonly DisplayCurrency[] | undefined,
): readonly DisplayCurrency[] {
  return available && available.length > 0 ? available : [USD]
}

/**
 * The customer's chosen currency among those on offer. A stored code the server no longer lists (or a list not yet
 * loaded) falls back to USD, so an amount is never shown at a rate nobody vouches for.
 */
export function resolveDisplayCurrency(
  code: string | null | undefined,
  available: readonly DisplayCurrency[] | undefined,
): DisplayCurrency {
  const list = displayCurrencies(available)
  return (
    list.find((currency) => currency.code === code) ??
    list.find((currency) => currency.code === USD.code) ??
    USD
  )
}

// A symbol made of letters ('CHF') needs a space before the figure; '$', '€' and 'C$' do not.
const prefix = (currency: DisplayCurrency) =>
  /[A-Za-z]$/.test(currency.symbol) && currency.symbol.length > 1 ? `${currency.symbol} ` : currency.symbol

/** '$1,234.56', '-$5.00'; the minus sign leads so a loss reads as one at a glance. */
export function formatAmount(amountUsd: number, currency: DisplayCurrency = USD): string {
  const converted = convertUsd(amountUsd, currency)
  const text = formatMoney(Math.abs(converted))
  const negative = converted < 0 && text !== '0.00'
  return `${negative ? '-' : ''}${prefix(currency)}${text}`
}

/** '+$12.34' or '-$5.00' (P/L): the sign says gain or loss without colour. */
export function formatSignedAmount(amountUsd: number, currency: DisplayCurrency = USD): string {
  const converted = convertUsd(amountUsd, currency)
  const text = formatMoney(Math.abs(converted))
  if (text === '0.00') return `${prefix(currency)}0.00`
  return `${converted < 0 ? '-' : '+'}${prefix(currency)}${text}`
}
