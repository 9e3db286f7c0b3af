// Price alerts and this device's Web Push subscription as the client reads and sends them
// (docs/decisions/0037 when it lands; the server declares the same shapes). An alert watches an asset's bid: above
// or below a price, with an optional note and expiry; it fires once and then stays in the list as triggered.
import * as z from 'zod/mini'
import './zod-messages'

export const ALERT_CONDITIONS = { ABOVE: 'above', BELOW: 'below' } as const
export const AlertConditionSchema = z.enum([ALERT_CONDITIONS.ABOVE, ALERT_CONDITIONS.BELOW])
export type AlertCondition = z.infer<typeof AlertConditionSchema>

export const ALERT_STATUS = {
  ACTIVE: 'active',
  TRIGGERED: 'triggered',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
} as const
export const AlertStatusSchema = z.enum([
  ALERT_STATUS.ACTIVE,
  ALERT_STATUS.TRIGGERED,
  ALERT_STATUS.EXPIRED,
  ALERT_STATUS.CANCELLED,
])
export type AlertStatus = z.infer<typeof AlertStatusSchema>

/** A note is a reminder, not a document: the server refuses longer ones. */
export const MAX_ALERT_NOTE_LENGTH = 200

/** One alert. `asset_id` is the price feed's id (Asset.asset_id), as in Trade and Order; `note` null when none. */
export const AlertSchema = z.object({
  id: z.int(),
  asset_id: z.string(),
  asset_symbol: z.string(),
  condition: AlertConditionSchema,
  price: z.number(),
  note: z.nullable(z.string()),
  status: AlertStatusSchema,
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  triggered_at: z.nullable(z.string()),
  /** The bid that fired it. */
  triggered_price: z.nullable(z.number()),
})
export type Alert = z.infer<typeof AlertSchema>

/** POST /alerts. `id` is the asset's numeric id (Asset.id), as in POST /trades/store. */
export interface CreateAlertRequest {
  id: number
  condition: AlertCondition
  price: number
  note?: string
  expires_at: string | null
}

export const AlertResponseSchema = z.object({ message: z.string(), data: AlertSchema })
export const AlertsResponseSchema = z.object({ data: z.array(AlertSchema) })

/** `alert.updated` on private-trade.{id}: an alert fired, expired or was cancelled. */
export const ALERT_EVENTS = { UPDATED: 'alert.updated' } as const

/** GET /push/key: the server's VAPID public key, base64url. */
export const PushKeyResponseSchema = z.object({ data: z.object({ public_key: z.string() }) })

/** POST /push/subscriptions: a browser's PushSubscription.toJSON(). */
export interface PushSubscriptionRequest {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export const PushMessageResponseSchema = z.object({ message: z.string() })
