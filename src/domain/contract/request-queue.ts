// The back office's one request queue (decision 0017, docs/architecture.md#money-requests-files-and-mail): every
// customer request whatever its type, the list, the navigation's pending count, and a decision.
import { z } from 'zod'
import { REQUEST_TYPE_PATTERN } from '../back-office/codes'
import { PageMetaSchema, PageSchema, REASON_REQUIRED, ReasonSchema } from './back-office-common'
import { dataEnvelope, TextSchema } from './common'

export { REQUEST_TYPE_PATTERN, REQUEST_TYPES } from '../back-office/codes'
/** Types are registered on the server (the funds and verification issues add theirs); any slug names one. */
export const RequestTypeSchema = TextSchema.check(z.regex(REQUEST_TYPE_PATTERN, 'Unknown request type'))
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

export const AdminRequestsQuerySchema = z.object({
  status: QueueRequestStatusSchema.optional(),
  type: z.optional(RequestTypeSchema),
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
    reason: z.optional(ReasonSchema),
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
