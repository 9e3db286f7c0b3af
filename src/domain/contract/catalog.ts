// The catalogue (docs/product/data-model.md#currency, #account-plan, #expert-advisor and #notification;
// docs/product/api.md#calls): currencies, plans with their comparison rows and expert advisors in one "shared query"
// (GET /catalog), the marketplace's calls, the auto trader request, plan upgrades and notifications, with the admin
// calls that answer them. In zod/mini: the dashboard and /mt4 load it (the plans and currencies) for their first
// render, and zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { dataEnvelope, serialIdNumber, TextSchema } from './common'
import { NotificationEventSchema } from './realtime'
import './zod-messages'

/** rate: units of the currency per 1 USD. */
export const CurrencySchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  rate: z.number().check(z.positive()),
})
export type Currency = z.infer<typeof CurrencySchema>

export const PlanFeatureSchema = z.object({
  id: z.int(),
  title: z.string(),
  /** How the aligned plan value reads: an amount in USD, plain text, or Yes/No. */
  kind: z.enum(['amount', 'text', 'boolean']),
})
export type PlanFeature = z.infer<typeof PlanFeatureSchema>

export const PlanSchema = z.object({
  id: z.int(),
  title: z.string(),
  color: z.string(),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  leverage: z.number(),
  /** One value per plan_features row, in the same order; the first is an amount. */
  features: z.array(z.string()),
  recommended: z.boolean(),
})
export type Plan = z.infer<typeof PlanSchema>

export const EXPERT_ADVISOR_TYPES = ['expert_advisor', 'others'] as const
export const ExpertAdvisorSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** Price in USD; 0 is free. */
  amount_val: z.number().check(z.nonnegative()),
  /** The same price as text with two decimals, as the spec's `amount`. */
  amount: z.string(),
  image: z.nullable(z.string()),
  type: z.enum(EXPERT_ADVISOR_TYPES),
  rating: z.number(),
  downloads: z.int(),
  /** Null: every plan may buy it; else only customers on this plan. */
  required_plan_id: z.nullable(z.int()),
  /** For the caller: in their eas (bought). */
  owned: z.boolean(),
  /** For the caller: their plan allows it. */
  available: z.boolean(),
  /** For the caller: the automated trading panel's state (owned advisors only). */
  running: z.boolean(),
})
export type ExpertAdvisor = z.infer<typeof ExpertAdvisorSchema>

export const CatalogSchema = z.object({
  currencies: z.array(CurrencySchema),
  plans: z.array(PlanSchema),
  plan_features: z.array(PlanFeatureSchema),
  expert_advisors: z.array(ExpertAdvisorSchema),
})
export type Catalog = z.infer<typeof CatalogSchema>
export const CatalogResponseSchema = dataEnvelope(CatalogSchema)
export const ExpertAdvisorsResponseSchema = dataEnvelope(z.array(ExpertAdvisorSchema))

/** POST /purchase/ea. Buying an advisor already owned charges nothing and answers success again. */
export const PurchaseExpertAdvisorRequestSchema = z.object({
  expert_advisor_id: serialIdNumber('Choose an Expert Advisor'),
})
export const PurchaseExpertAdvisorResponseSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
})
/** docs/product/marketplace.md#buying-an-advisor, word for word. */
export const EXPERT_ADVISOR_MESSAGES = {
  NOT_FOUND: 'Expert Advisor not found',
  NOT_FOR_PLAN: 'This Expert Advisor is not available for your plan',
  NOT_FOR_PLAN_UPGRADE: 'This Expert Advisor is not available for your plan. Please upgrade to access it.',
  PURCHASED: 'Expert Advisor purchased successfully',
  PURCHASE_FAILED: 'Failed to purchase Expert Advisor',
} as const

/** POST /expert_advisors/{id}/running: the automated trading panel (Running/Stopped) of an owned advisor. */
export const ExpertAdvisorRunningRequestSchema = z.object({ running: z.boolean() })
/** Its answer: a sentence and the advisor as the catalogue now lists it for the caller. */
export const ExpertAdvisorRunningResponseSchema = z.object({ message: z.string(), data: ExpertAdvisorSchema })

export const AUTOTRADER_LEVELS = ['low', 'medium', 'high'] as const
export const AutotraderLevelSchema = z.enum(AUTOTRADER_LEVELS, {
  message: 'The auto trader level must be low, medium or high',
})
export type AutotraderLevel = z.infer<typeof AutotraderLevelSchema>
/** POST /update/autotrader. A second request while one is pending is refused with PENDING_MESSAGE (409). */
export const UpdateAutotraderRequestSchema = z.object({ autotrader_type: AutotraderLevelSchema })
export const AUTOTRADER_MESSAGES = {
  /**
   * The server's refusal; the client matches 'pending auto trader request' in it
   * (docs/product/marketplace.md#auto-trader).
   */
  SERVER_PENDING: 'You already have a pending auto trader request.',
  PENDING_MATCH: 'pending auto trader request',
  PENDING: 'You already have a pending AutoTrader request. Please wait for approval.',
  FAILED: 'Failed to save AutoTrader settings.',
  SAVED: 'AutoTrader settings saved successfully.',
} as const

/** POST /plans/upgrade: asks the back office to move the caller to another plan (409 while one is pending). */
export const PlanUpgradeRequestSchema = z.object({ plan_id: serialIdNumber('Choose a plan') })

export const REQUEST_STATUS = { PENDING: 'pending', APPROVED: 'approved', REJECTED: 'rejected' } as const
export const RequestStatusSchema = z.enum(['pending', 'approved', 'rejected'])

export const NOTIFICATION_COLORS = ['danger', 'success', 'warning', 'info'] as const
/** POST /admin/notifications: sends a notification to one customer (stored, then pushed). */
export const SendNotificationRequestSchema = z.object({
  user_id: serialIdNumber('Choose the customer to notify'),
  title: TextSchema.check(z.trim(), z.minLength(1, 'A title is required'), z.maxLength(120)),
  message: TextSchema.check(z.trim(), z.minLength(1, 'A message is required'), z.maxLength(1000)),
  color: z._default(z.enum(NOTIFICATION_COLORS), 'info'),
})
/** Its answer (201): the notification as it was pushed on `private-notification.{user_id}`. */
export const SendNotificationResponseSchema = z.object({ message: z.string(), data: NotificationEventSchema })
