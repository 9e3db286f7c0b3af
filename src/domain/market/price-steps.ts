// Prices a chart's pointer or keys make: a drag lands between two ticks of the scale, so it is rounded to the
// asset's decimals; an arrow key moves by a round step of about a few pixels at the chart's current zoom.

/** `priceQuote` to `decimals` places, without binary noise (1.0795000000000001 -> 1.0795). */
export function roundPrice(priceQuote: number, decimals: number): number {
  return Number(priceQuote.toFixed(Math.max(0, Math.min(decimals, 20))))
}

/**
 * The round step (1, 2 or 5 times a power of ten) nearest above `span`, never finer than the asset's last decimal:
 * 0.00037 -> 0.0005, 12.3 -> 20.
 */
export function roundStep(span: number, decimals: number): number {
  const finest = roundPrice(10 ** -decimals, decimals)
  if (!(span > finest)) return finest
  const power = 10 ** Math.floor(Math.log10(span))
  // 10 ** -4 is 0.00009999999999999999: a hair of tolerance keeps a span already round on its own step.
  const scaled = span / power - 1e-9
  const factor = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10
  return roundPrice(factor * power, decimals)
}

/** One arrow-key step from `priceQuote`: onto the next multiple of `step` in `direction`. */
export function stepTo(priceQuote: number, step: number, direction: 1 | -1, decimals: number): number {
  const onGrid = Math.round(priceQuote / step) * step
  const next =
    Math.abs(onGrid - priceQuote) < step / 1e6
      ? onGrid + direction * step
      : direction === 1
        ? Math.ceil(priceQuote / step) * step
        : Math.floor(priceQuote / step) * step
  return roundPrice(next, decimals)
}
