// How the back office names what the server sends as codes: audit actions, ledger movements, request types. One
// place, so the client page, the Audit page and the request queue read the same words.
// Without zod: the request queue's and the Audit page's URL schemas read these before the first render, so only
// the zod-free codes (./codes.ts) and types come from the contract.
import type { LedgerEntry } from '../contract/ledger'
import { AUDIT_ACTIONS, REQUEST_TYPES, type AdjustmentKind } from './codes'

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  [AUDIT_ACTIONS.STATUS_CHANGED]: 'Status changed',
  [AUDIT_ACTIONS.PLAN_CHANGED]: 'Plan changed',
  [AUDIT_ACTIONS.BALANCE_ADJUSTED]: 'Balance adjusted',
  [AUDIT_ACTIONS.REQUEST_DECIDED]: 'Request decided',
  [AUDIT_ACTIONS.SETTINGS_UPDATED]: 'Settings updated',
  [AUDIT_ACTIONS.LOGIN_LINK_CREATED]: 'Sign-in link created',
  [AUDIT_ACTIONS.NOTIFICATION_SENT]: 'Notification sent',
  [AUDIT_ACTIONS.CRYPTO_TRANSFER_SIMULATED]: 'Incoming transfer simulated',
  [AUDIT_ACTIONS.WITHDRAWAL_SENT]: 'Withdrawal sent',
  [AUDIT_ACTIONS.ORDER_CANCELLED]: 'Order cancelled',
}

/** 'user.status_changed' -> 'Status changed'; an action this build does not know reads as its code. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action

export const REQUEST_TYPE_LABELS: Readonly<Record<string, string>> = {
  [REQUEST_TYPES.ACCOUNT]: 'New account',
  [REQUEST_TYPES.AUTOTRADER]: 'Auto trader',
  [REQUEST_TYPES.PLAN_UPGRADE]: 'Plan upgrade',
  [REQUEST_TYPES.DEPOSIT]: 'Deposit',
  [REQUEST_TYPES.WITHDRAWAL]: 'Withdrawal',
}

/** 'plan_upgrade' -> 'Plan upgrade'; a type registered later reads as its slug in words. */
export const requestTypeLabel = (type: string) => {
  const known = REQUEST_TYPE_LABELS[type]
  if (known) return known
  const words = type.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** How each adjustment kind reads to people, in the order the adjustment dialog offers them. */
export const ADJUSTMENT_KIND_LABELS: Readonly<Record<AdjustmentKind, string>> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  credit: 'Credit',
  correction: 'Correction',
}

const LEDGER_KIND_LABELS: Readonly<Record<string, string>> = {
  trade_pnl: 'Trade P/L',
  ea_purchase: 'Expert Advisor purchase',
  negative_balance_protection: 'Negative balance protection',
  adjustment: 'Adjustment',
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal reserved',
  withdrawal_release: 'Withdrawal released',
  savings_transfer: 'Savings transfer',
  savings_interest: 'Savings interest',
}

/** A ledger movement for people: an adjustment by its sub-kind ('Deposit'), the others by kind. */
export function ledgerEntryLabel(entry: Pick<LedgerEntry, 'kind' | 'adjustment_kind'>): string {
  if (entry.kind === 'adjustment' && entry.adjustment_kind)
    return ADJUSTMENT_KIND_LABELS[entry.adjustment_kind]
  return LEDGER_KIND_LABELS[entry.kind] ?? entry.kind
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

/** '25 Nov 2025, 08:33' in the admin's time zone; an unreadable time reads as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date)
}

/** '25 Nov 2025'. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'number') return numberFormat.format(value)
  if (typeof value === 'string' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/**
 * An audit row's before and after for people, one entry per field: 'status: pending → active' for a change,
 * 'kind: deposit' for a field only the after holds. Unchanged fields and bare row references (a `*_id` only in
 * the after, such as ledger_entry_id) are left out.
 */
export function auditChanges(before: unknown, after: unknown): string[] {
  const from = isRecord(before) ? before : {}
  const to = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])]
  const changes: string[] = []
  for (const key of keys) {
    const label = key.replace(/_/g, ' ')
    const inBefore = key in from
    if (!inBefore && key.endsWith('_id')) continue
    if (inBefore && shown(from[key]) === shown(to[key])) continue
    changes.push(
      inBefore ? `${label}: ${shown(from[key])} → ${shown(to[key])}` : `${label}: ${shown(to[key])}`,
    )
  }
  return changes
}
