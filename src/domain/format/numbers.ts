// Number display rules of docs/product/trading-workspace.md#price-display: prices with 5 decimals (4 on buy/sell
// buttons, 3 in the watch table), currency values with 2. Formatters are built once per precision: the price path
// formats on every tick.
export const PRICE_DECIMALS = { DEFAULT: 5, TRADE_BUTTON: 4, WATCH_TABLE: 3 } as const
export const CURRENCY_DECIMALS = 2

const formatters = new Map<number, Intl.NumberFormat>()

function formatter(decimals: number): Intl.NumberFormat {
  let format = formatters.get(decimals)
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    formatters.set(decimals, format)
  }
  return format
}

export const formatPrice = (priceQuote: number, decimals: number = PRICE_DECIMALS.DEFAULT) =>
  formatter(decimals).format(priceQuote)

export const formatMoney = (amount: number) => formatter(CURRENCY_DECIMALS).format(amount)

/** A percentage with two decimals and thousands separators, as money is written: '102,774.74%'. */
export const formatPercent = (percent: number) => `${formatter(2).format(percent)}%`

export function formatSignedPercent(percent: number): string {
  const magnitude = formatter(2).format(Math.abs(percent))
  // A change that rounds to zero shows no sign: '−0.00%' would claim a fall that is not there.
  const sign = magnitude === '0.00' ? '' : percent > 0 ? '+' : '−'
  return `${sign}${magnitude}%`
}

/** How a signed figure is coloured: gain (green) or loss (red). */
export type SignTone = 'gain' | 'loss'

/**
 * The colour of a signed figure (a P/L, a change) follows the sign it shows, so colour and text never disagree: a
 * leading '-' or '−' is a loss; '+' or no sign (zero after rounding) a gain
 * (docs/product/trading-workspace.md#positions-drawer: 'P/L of 0 or more is green, negative red'). A value of -0.004
 * reads '$0.00' and is green, as its text says.
 */
export const signTone = (signedText: string): SignTone => (/^[-−]/.test(signedText) ? 'loss' : 'gain')
