// The back office's clients (decision 0017, docs/product/api.md#calls): the list, one client with their figures,
// positions, requests and ledger, a status or plan change, and a pending order cancelled by staff.
import { z } from 'zod'
import { PageMetaSchema, PageSchema, REASON_REQUIRED, ReasonSchema } from './back-office-common'
import { dataEnvelope, SerialIdSchema, storableText, TextSchema } from './common'
import { LedgerEntrySchema } from './ledger'
import { QueueRequestSchema } from './request-queue'
import { TradeSchema } from './trades'
import { UserSchema, UserStatusSchema } from './user'

/**
 * GET /admin/users. Without `page`, every user (the chat console's list, docs/product/api.md#calls, polled every
 * 30 s); with `page`, ADMIN_PAGE_SIZE of them and `meta`. `search` matches name, e-mail, username or account id.
 */
export const AdminUsersQuerySchema = z.object({
  status: z.optional(UserStatusSchema),
  search: z.optional(TextSchema.check(z.trim(), z.maxLength(100))),
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

/** The customer's last order the server refused, with its message: what support is asked about first. */
export const RefusedOrderSchema = z.object({
  message: z.string(),
  asset_symbol: z.string().nullable(),
  trade_type: z.string().nullable(),
  lots: z.number().nullable(),
  at: z.string(),
})
export type RefusedOrder = z.infer<typeof RefusedOrderSchema>

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

/** PATCH /admin/users/{id}: a status (a reason is required to deactivate) or a plan. */
export const AdminUserPatchSchema = z
  .object({
    status: z.optional(UserStatusSchema),
    account_type_id: z.optional(SerialIdSchema),
    reason: z.optional(ReasonSchema),
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
