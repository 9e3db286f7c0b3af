// The ledger keeps money as numeric strings; JSON answers carry numbers with two decimals.
export function moneyToJson(amount: string): number {
  return Math.round(Number(amount) * 100) / 100
}

/** numeric(18,2) text ('-12.5', '100.25') to whole cents, exactly. */
export function moneyToCents(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim())
  if (!match) throw new RangeError(`Not an amount of money: ${amount}`)
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'))
  return match[1] === '-' ? -cents : cents
}

/** Whole cents to numeric(18,2) text: -1250n -> '-12.50'. */
export function centsToMoney(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const magnitude = cents < 0n ? -cents : cents
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`
}

/**
 * Every money column is numeric(18,2) (server/db/schema.ts): it holds amounts below 10^16. A credit that would take a
 * balance to this bound fails in the database, so the cashier refuses it first.
 */
export const MONEY_COLUMN_BOUND = '10000000000000000'
