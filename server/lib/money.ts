// The ledger keeps money as numeric strings; JSON answers carry numbers with two decimals.
export function moneyToJson(amount: string): number {
  return Math.round(Number(amount) * 100) / 100
}
