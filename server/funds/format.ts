// Amounts in the cashier's sentences: '$1,234.56', as the customer's pages show USD.
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

export const formatDollars = (amountUsd: number) => dollars.format(amountUsd)
