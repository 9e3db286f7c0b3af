// What the workspace shows and sends about price alerts, pure so the dialog, the Alerts list and tests agree: the
// words of a condition, the form checked into POST /alerts's body, what the form's price means against the bid, and
// which alerts the list shows. Whether a condition already holds is the server's to say (its bid is the one that
// counts), so the dialog shows its 422 rather than guessing.
import type { Asset } from '../contract/assets'
import {
  ALERT_STATUS,
  MAX_ALERT_NOTE_LENGTH,
  type Alert,
  type AlertCondition,
  type CreateAlertRequest,
} from '../contract/price-alerts'
import { formatPrice } from '../format/numbers'
import { EXPIRY_INVALID, expiryInputToIso, formatExpiry } from './pending-orders'
import { parseDecimal } from './profit-calculator'

export const ALERT_CONDITION_OPTIONS: readonly { value: AlertCondition; label: string }[] = [
  { value: 'above', label: 'Bid rises to or above' },
  { value: 'below', label: 'Bid falls to or below' },
]

/** 'Above 1.08500': the list's words for what an alert waits for. */
export const conditionText = (condition: AlertCondition, priceQuote: number) =>
  `${condition === 'above' ? 'Above' : 'Below'} ${formatPrice(priceQuote)}`

/** An alert's expiry as the list shows it: a date, or 'GTC' (good till cancelled) as for orders. */
export const alertExpiryText = (alert: Pick<Alert, 'expires_at'>) => formatExpiry(alert.expires_at)

/** The alerts the Active Orders panel lists: those still waiting, newest first as the server sends them. */
export const activeAlerts = (alerts: readonly Alert[]) =>
  alerts.filter((alert) => alert.status === ALERT_STATUS.ACTIVE)

/** What a price means against the live bid, said in the dialog before the customer saves. */
export function alertPreview(condition: AlertCondition, priceQuote: number | null, bidQuote: number): string {
  const bid = formatPrice(bidQuote)
  if (priceQuote === null || priceQuote <= 0) return `The bid is ${bid} now.`
  const price = formatPrice(priceQuote)
  const holds = condition === 'above' ? bidQuote >= priceQuote : bidQuote <= priceQuote
  if (holds) return `The bid is ${bid} now, already ${condition} ${price}.`
  return `The bid is ${bid} now: you are told when it ${condition === 'above' ? 'rises' : 'falls'} to ${price}.`
}

export interface AlertForm {
  condition: AlertCondition
  price: string
  note: string
  /** A datetime-local value, '' for none. */
  expiry: string
}

export type AlertFormField = 'price' | 'note' | 'expiry'
export type AlertFormErrors = Partial<Record<AlertFormField, string>>

export const ALERT_FORM_MESSAGES = {
  PRICE: 'Enter a price above 0.',
  NOTE_TOO_LONG: `A note has at most ${MAX_ALERT_NOTE_LENGTH} characters.`,
} as const

/** The form as POST /alerts's body, or the messages of the fields that cannot be sent. */
export function createAlertRequest(
  asset: Pick<Asset, 'id'>,
  form: AlertForm,
): { ok: true; payload: CreateAlertRequest } | { ok: false; errors: AlertFormErrors } {
  const errors: AlertFormErrors = {}
  const price = parseDecimal(form.price)
  if (price === null || price <= 0) errors.price = ALERT_FORM_MESSAGES.PRICE
  const note = form.note.trim()
  if (note.length > MAX_ALERT_NOTE_LENGTH) errors.note = ALERT_FORM_MESSAGES.NOTE_TOO_LONG
  const expiresAt = expiryInputToIso(form.expiry)
  if (expiresAt === undefined) errors.expiry = EXPIRY_INVALID
  if (Object.keys(errors).length > 0 || price === null || expiresAt === undefined)
    return { ok: false, errors }
  return {
    ok: true,
    payload: {
      id: asset.id,
      condition: form.condition,
      price,
      ...(note === '' ? {} : { note }),
      expires_at: expiresAt,
    },
  }
}

/** The form field a server error names (`expires_at` is the expiry field). */
export function alertFieldOf(name: string): AlertFormField | undefined {
  if (name === 'price' || name === 'note') return name
  if (name === 'expires_at') return 'expiry'
  return undefined
}

/** The titles of the toasts of a refused alert call; their description is the server's sentence. */
export const ALERT_FAILURES = {
  CREATE: 'Failed to create alert',
  DELETE: 'Failed to delete alert',
} as const

export const ALERT_TOASTS = { CREATED: 'Alert created', DELETED: 'Alert deleted' } as const

export const NO_ACTIVE_ALERTS = 'No active alerts. Create one from the chart or a market watch row.'
