// How the cashier names what the funds API sends as codes (decision 0019): transaction types and statuses, withdrawal
// statuses and methods, each status's tone. One place, so the withdrawal page, the transactions list, the
// statement and the dashboard read the same words. A tone is never the only signal: the chip always says its word.
import type { TransactionType } from '../contract/transactions'
import type { WithdrawalMethod, WithdrawalStatus } from '../contract/withdrawals'
import { type TRANSACTION_STATUSES } from '../contract/transactions'
import type { StatusTone } from '../display/status-tone'

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

export const TRANSACTION_TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  savings_in: 'To savings',
  savings_out: 'From savings',
  interest: 'Savings interest',
  adjustment: 'Adjustment',
  purchase: 'Purchase',
}

/** A statement row's type is free text on the wire; a code this build does not name reads as words. */
export function transactionTypeLabel(type: string): string {
  const known = (TRANSACTION_TYPE_LABELS as Readonly<Record<string, string>>)[type]
  if (known) return known
  const words = type.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  pending: 'Pending',
  in_review: 'In review',
  approved: 'Approved',
  sent: 'Sent',
  completed: 'Completed',
  failed: 'Failed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
}

export const WITHDRAWAL_STATUS_LABELS: Readonly<Record<WithdrawalStatus, string>> = {
  in_review: 'In review',
  approved: 'Approved',
  sent: 'Sent',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
}

export const WITHDRAWAL_METHOD_LABELS: Readonly<Record<WithdrawalMethod, string>> = {
  card: 'Back to a card',
  crypto: 'Crypto address',
  bank: 'Bank account',
}

export const STATUS_TONES: Readonly<Record<TransactionStatus, StatusTone>> = {
  pending: 'warning',
  in_review: 'warning',
  approved: 'accent',
  sent: 'success',
  completed: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
// A day key (YYYY-MM-DD) is a UTC day: shown as that day wherever the customer is.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '25 Nov 2025, 08:33' in the customer's time zone; an unreadable time reads as it came. */
export function formatMoneyTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date)
}

/** '2025-11-25' (a UTC day) → '25 Nov 2025'. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date)
}
