// The back office's calls (decision 0017, docs/product/api.md#calls and
// docs/architecture.md#money-requests-files-and-mail): clients, balance adjustments, the one request queue, the audit
// log, and the realtime events admin tabs and every open client listen to. Defined once for the server and the /admin
// pages.
import { z } from 'zod'
import { ADJUSTMENT_KINDS, REQUEST_TYPE_PATTERN } from '../back-office/codes'
import { dataEnvelope, moneyAmount, SerialIdSchema, storableText, TextSchema } from './common'
import { TradeSchema } from './trades'
import { UserSchema, UserStatusSchema } from './user'

// Defined with the other request rules in common.ts (decision 0018); still importable from here.
export { MAX_SERIAL_ID, SerialIdSchema } from './common'

/** Back-office lists are paged by this many rows. */
export const ADMIN_PAGE_SIZE = 25
const PageSchema = z.coerce.number({ message: 'The page must be a number' }).int().min(1).max(100_000)

export const PageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type PageMeta = z.infer<typeof PageMetaSchema>

/** What a pending or deactivated account may still call (everything else answers 403 with the gate's text). */
export const ACCOUNT_STATUS_MESSAGES = {
  pending: 'Your account is awaiting approval from the Client Management Team',
  deactivated: 'Your account is currently disabled, please contact support.',
} as const

// ---- clients -------------------------------------------------------------------------------------------------

/**
 * GET /admin/users. Without `page`, every user (the chat console's list, docs/product/api.md#calls, polled every
 * 30 s); with `page`, ADMIN_PAGE_SIZE of them and `meta`. `search` matches name, e-mail, username or account id.
 */
export const AdminUsersQuerySchema = z.object({
  status: z.optional(UserStatusSchema),
  search: TextSchema.trim().max(100).optional(),
  page: PageSchema.optional(),
})
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>
/** A listed user, with when they signed up (the Clients list's Joined column). */
export const AdminUserListItemSchema = z.object({ ...UserSchema.shape, created_at: z.string().optional() })
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>
export const AdminUsersResponseSchema = z.object({
  data: z.array(AdminUserListItemSchema),
  meta: PageMetaSchema.optional(),
})

export const LEDGER_KINDS = [
  'trade_pnl',
  'ea_purchase',
  'negative_balance_protection',
  'adjustment',
  // The cashier (decision 0019): a deposit credited, a withdrawal's hold and its release, savings moves and interest.
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'savings_transfer',
  'savings_interest',
] as const
/** Which balance a ledger row moves: the trading balance (margin) or flexible savings (decision 0019). */
export const LEDGER_ACCOUNTS = ['trading', 'savings'] as const
export const LedgerAccountSchema = z.enum(LEDGER_ACCOUNTS)
export type LedgerAccount = z.infer<typeof LedgerAccountSchema>
// The codes are zod-free in ../back-office/codes.ts, for the back-office pages' URL schemas and labels.
export { ADJUSTMENT_KINDS } from '../back-office/codes'
export const AdjustmentKindSchema = z.enum(ADJUSTMENT_KINDS, {
  message: 'The kind must be deposit, withdrawal, credit or correction',
})
export type AdjustmentKind = z.infer<typeof AdjustmentKindSchema>

/** One movement of a customer's balance, with the balance it left. USD, two decimals. */
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** For an adjustment: deposit, withdrawal, credit or correction. */
  adjustment_kind: AdjustmentKindSchema.nullable(),
  amount: z.number(),
  /** The balance of the row's account after it (the savings balance for a savings row). */
  balance_after: z.number(),
  reason: z.string().nullable(),
  trade_id: z.number().int().nullable(),
  /** Absent on servers before decision 0019: read as 'trading'. */
  account: LedgerAccountSchema.optional(),
  created_at: z.string(),
})
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>

/** The customer's last order the server refused, with its message: what support is asked about first. */
export const RefusedOrderSchema = z.object({
  message: z.string(),
  asset_symbol: z.string().nullable(),
  trade_type: z.string().nullable(),
  lots: z.number().nullable(),
  at: z.string(),
})
export type RefusedOrder = z.infer<typeof RefusedOrderSchema>

export { REQUEST_TYPE_PATTERN, REQUEST_TYPES } from '../back-office/codes'
/** Types are registered on the server (the funds and verification issues add theirs); any slug names one. */
export const RequestTypeSchema = TextSchema.regex(REQUEST_TYPE_PATTERN, 'Unknown request type')
export const QueueRequestStatusSchema = z.enum(['pending', 'approved', 'rejected'])
export type QueueRequestStatus = z.infer<typeof QueueRequestStatusSchema>

/** One customer request in the queue, whatever its type. */
export const QueueRequestSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  account_id: z.string(),
  email: z.string(),
  status: QueueRequestStatusSchema,
  /** What is asked for, for people: 'Auto trader: medium', 'Plan: Pro', 'New account'. */
  detail: z.string(),
  /**
   * The type's own status where it says more than the queue's (decision 0019): a withdrawal's in_review, approved,
   * sent, rejected or cancelled; a wire deposit's pending, completed or rejected. Absent for the other types.
   */
  state: z.string().optional(),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
})
export type QueueRequest = z.infer<typeof QueueRequestSchema>

/** GET /admin/users/{id}: the user, their figures at the server's prices, positions, requests and ledger. */
export const AdminClientSchema = z.object({
  ...UserSchema.shape,
  phone: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  equity: z.number(),
  margin: z.number(),
  free_margin: z.number(),
  /** Percent with two decimals; null when no margin is in use (the client shows the infinity sign). */
  margin_level: z.number().nullable(),
  pnl: z.number(),
  open_positions: z.array(TradeSchema),
  pending_requests: z.array(QueueRequestSchema),
  /** The latest movements, newest first. */
  ledger: z.array(LedgerEntrySchema),
  last_refused_order: RefusedOrderSchema.nullable(),
})
export type AdminClient = z.infer<typeof AdminClientSchema>
export const AdminClientResponseSchema = dataEnvelope(AdminClientSchema)

const ReasonSchema = TextSchema.trim().max(500, 'The reason must be at most 500 characters')
export const REASON_REQUIRED = 'A reason is required.'

/** PATCH /admin/users/{id}: a status (a reason is required to deactivate) or a plan. */
export const AdminUserPatchSchema = z
  .object({
    status: z.optional(UserStatusSchema),
    account_type_id: z.optional(SerialIdSchema),
    reason: ReasonSchema.optional(),
  })
  .strict()
  .superRefine((patch, context) => {
    if (patch.status === undefined && patch.account_type_id === undefined) {
      context.addIssue({ code: 'custom', message: 'Nothing to change', path: [] })
    }
    if (patch.status === 'deactivated' && !patch.reason) {
      context.addIssue({ code: 'custom', message: REASON_REQUIRED, path: ['reason'] })
    }
  })
export type AdminUserPatch = z.infer<typeof AdminUserPatchSchema>
export const AdminUserResponseSchema = dataEnvelope(UserSchema)

/** "-12.50", "500", 500, 0.1: signed, at most two decimals, never zero, within numeric(18,2). */
export const MoneyAmountSchema = moneyAmount(true).refine(
  (value) => Number(value) !== 0,
  'The amount cannot be zero',
)

/** POST /admin/users/{id}/adjustments, with an Idempotency-Key header. */
export const AdjustmentRequestSchema = z
  .object({
    amount: MoneyAmountSchema,
    kind: AdjustmentKindSchema,
    reason: ReasonSchema.min(1, REASON_REQUIRED),
  })
  .strict()
  .superRefine((adjustment, context) => {
    const negative = adjustment.amount.startsWith('-')
    if ((adjustment.kind === 'deposit' || adjustment.kind === 'credit') && negative) {
      context.addIssue({ code: 'custom', message: 'A deposit or credit adds money.', path: ['amount'] })
    }
    if (adjustment.kind === 'withdrawal' && !negative) {
      context.addIssue({ code: 'custom', message: 'A withdrawal takes money out.', path: ['amount'] })
    }
  })
export type AdjustmentRequest = z.input<typeof AdjustmentRequestSchema>
export const ADJUSTMENT_MESSAGES = {
  DONE: 'The balance was adjusted.',
  BELOW_ZERO: 'This adjustment would take the balance below zero.',
} as const
export const AdjustmentResponseSchema = z.object({
  message: z.string(),
  data: z.object({ entry: LedgerEntrySchema, balance: z.number() }),
})

/**
 * POST /admin/users/{id}/orders/{orderId}/cancel: one of the client's pending orders cancelled by staff (decision
 * 0017), who say why: the audit log keeps the reason and the customer's notification tells it. The answer is the
 * customer's own DELETE /orders/{id} answer (OrderResponseSchema).
 */
export const AdminCancelOrderRequestSchema = z
  .object({
    // Left out, it reads as the reason dialog's own sentence rather than as a type error.
    reason: z
      .string({ error: (issue) => (issue.input === undefined ? REASON_REQUIRED : 'The reason must be text') })
      .check(storableText)
      .trim()
      .max(500, 'The reason must be at most 500 characters')
      .min(1, REASON_REQUIRED),
  })
  .strict()
export type AdminCancelOrderRequest = z.infer<typeof AdminCancelOrderRequestSchema>

// ---- the request queue ---------------------------------------------------------------------------------------

export const AdminRequestsQuerySchema = z.object({
  status: QueueRequestStatusSchema.optional(),
  type: RequestTypeSchema.optional(),
  page: PageSchema.optional(),
})
export const AdminRequestsResponseSchema = z.object({
  data: z.array(QueueRequestSchema),
  meta: PageMetaSchema,
})
/** GET /admin/requests/summary: the navigation's live pending count. */
export const RequestsSummaryResponseSchema = dataEnvelope(
  z.object({ pending: z.number().int(), by_type: z.record(z.string(), z.number().int()) }),
)

/** POST /admin/requests/{type}/{id}/decision. A rejection says why; the customer reads it. */
export const RequestDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { message: "The decision must be 'approve' or 'reject'" }),
    reason: ReasonSchema.optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.decision === 'reject' && !body.reason) {
      context.addIssue({ code: 'custom', message: REASON_REQUIRED, path: ['reason'] })
    }
  })
export type RequestDecision = z.infer<typeof RequestDecisionSchema>
export const RequestDecisionResponseSchema = z.object({ message: z.string(), data: QueueRequestSchema })
export const REQUEST_DECISION_MESSAGES = {
  NOT_FOUND: 'Request not found',
  ALREADY_DECIDED: 'This request has already been decided.',
  APPROVED: 'The request was approved.',
  REJECTED: 'The request was rejected.',
} as const

// ---- audit ----------------------------------------------------------------------------------------------------

export { AUDIT_ACTIONS, type AuditAction } from '../back-office/codes'

export const AuditQuerySchema = z.object({
  user_id: z.optional(SerialIdSchema),
  actor_id: z.optional(SerialIdSchema),
  action: TextSchema.trim().max(60).optional(),
  page: PageSchema.optional(),
})
export const AuditEventSchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_user_id: z.number().int().nullable(),
  target_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
})
export type AuditEvent = z.infer<typeof AuditEventSchema>
export const AuditResponseSchema = z.object({ data: z.array(AuditEventSchema), meta: PageMetaSchema })

// ---- realtime ------------------------------------------------------------------------------------------------

/** Signed for active admins only. */
export const ADMIN_CHANNEL = 'private-admin'
/**
 * The staff who have the back office open: a presence channel of active admins only, each member signed with
 * `user_info: { name, role }` (decision 0036).
 */
export const ADMIN_PRESENCE_CHANNEL = 'presence-admin.online'
export { SITE_CHANNEL, SITE_EVENTS } from './site'
export const BACK_OFFICE_EVENTS = {
  /** On ADMIN_CHANNEL: a request was filed or decided, or an account awaits approval. */
  REQUESTS_CHANGED: 'requests.changed',
  /** On ADMIN_CHANNEL: a client's account, positions or balance changed (payload `{ user_id }`). */
  CLIENT_UPDATED: 'client.updated',
} as const
export const ClientUpdatedEventSchema = z.object({ user_id: z.number().int() })
