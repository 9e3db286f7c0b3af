// The wire shapes of price alerts and Web Push subscriptions (decision 0037). The answers are the client's contract
// (src/domain/contract/price-alerts.ts), so server and client cannot drift; the request bodies' zod schemas, which
// the routes validate with, and the server's sentences are here.
import { z } from 'zod'
import { boundedTimestamp, serialIdNumber, TextSchema } from '../../src/domain/contract/common'
import { AlertConditionSchema, MAX_ALERT_NOTE_LENGTH } from '../../src/domain/contract/price-alerts'

export {
  ALERT_CONDITIONS,
  ALERT_EVENTS,
  ALERT_STATUS,
  AlertConditionSchema,
  AlertResponseSchema,
  AlertSchema,
  AlertsResponseSchema,
  AlertStatusSchema,
  MAX_ALERT_NOTE_LENGTH,
  PushKeyResponseSchema,
  PushMessageResponseSchema,
  type Alert,
  type AlertCondition,
  type AlertStatus,
} from '../../src/domain/contract/price-alerts'

/** Active alerts a customer may hold at once. */
export const MAX_ACTIVE_ALERTS = 50
/** Beyond this no listed asset's price can go (numeric(24,10) holds less than 1e14). */
const MAX_QUOTE = 1e12

export const ALERT_MESSAGES = {
  CREATED: 'Alert created',
  CANCELLED: 'Alert cancelled',
  NOT_FOUND: 'Alert not found',
  NOT_ACTIVE: 'This alert is no longer active.',
  TOO_MANY: `You can have at most ${MAX_ACTIVE_ALERTS} active alerts.`,
  EXPIRY_PASSED: 'The expiry must be in the future.',
  ASSET_NOT_FOUND: 'Asset not found',
  NO_PRICE: 'There is no price for this asset yet.',
  NOTIFICATION_TITLE: 'Price alert',
} as const

/** POST /alerts. `id` is the asset's numeric id (Asset.id), as in POST /trades/store. */
export const CreateAlertRequestSchema = z.object({
  id: serialIdNumber('Choose an asset'),
  condition: AlertConditionSchema,
  price: z
    .number({ message: 'Price must be a number' })
    .finite()
    .positive('Price must be a positive number')
    .max(MAX_QUOTE, 'Price is too large'),
  note: z.nullable(
    z.optional(
      TextSchema.check(
        z.maxLength(MAX_ALERT_NOTE_LENGTH, `A note has at most ${MAX_ALERT_NOTE_LENGTH} characters`),
      ),
    ),
  ),
  expires_at: z._default(z.nullable(boundedTimestamp('The expiry must be an ISO date and time')), null),
})
export type CreateAlertRequest = z.infer<typeof CreateAlertRequestSchema>

// ---- Web Push ---------------------------------------------------------------------------------------------------

export const PUSH_MESSAGES = {
  SUBSCRIBED: 'Push notifications are on for this device.',
  UNSUBSCRIBED: 'Push notifications are off for this device.',
  ORIGIN_REFUSED: 'This push service is not one we send to.',
  NOT_HTTPS: 'A push endpoint must be an https address.',
  BAD_KEY: 'This is not a P-256 public key (65 bytes, base64url).',
  BAD_AUTH: 'This is not a push authentication secret (16 bytes, base64url).',
} as const

/** Browsers' endpoints are a few hundred characters; WNS's are the longest. */
const MAX_ENDPOINT_LENGTH = 2048
const base64url = (message: string) =>
  TextSchema.check(z.maxLength(200, message), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, message))

/** POST /push/subscriptions: a browser's PushSubscription.toJSON() (expirationTime is ignored). */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: z.pipe(
    TextSchema.check(z.maxLength(MAX_ENDPOINT_LENGTH)),
    z.url({ message: 'The endpoint must be a URL' }),
  ),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url(PUSH_MESSAGES.BAD_KEY),
    auth: base64url(PUSH_MESSAGES.BAD_AUTH),
  }),
})
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>

/** DELETE /push/subscriptions. */
export const PushUnsubscribeRequestSchema = z.object({
  endpoint: TextSchema.check(z.minLength(1, 'The endpoint must be a URL'), z.maxLength(MAX_ENDPOINT_LENGTH)),
})

export const PushSubscriptionResponseSchema = z.object({
  message: z.string(),
  data: z.object({ endpoint: z.string() }),
})

/** What a push carries (the service worker shows it): `tag` replaces an earlier one of the same alert. */
export interface PushPayload {
  title: string
  body: string
  tag: string
  url: string
  asset_id?: string
}
