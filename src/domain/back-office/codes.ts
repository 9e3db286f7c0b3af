// The codes the back office's API sends and takes (decision 0017): request types, audit actions, adjustment kinds.
// Plain constants, without zod, so the back-office pages' URL schemas and the labels that name these codes do not
// bring the back-office contract along (a route's search schema loads before the first render of every page).
// ../contract/request-queue.ts, audit.ts and ledger.ts build their schemas from these and re-export them.

export const REQUEST_TYPES = {
  ACCOUNT: 'account',
  AUTOTRADER: 'autotrader',
  PLAN_UPGRADE: 'plan_upgrade',
  /** A bank wire awaiting the money (decision 0019); card and crypto deposits settle without the queue. */
  DEPOSIT: 'deposit',
  /** A withdrawal: in review is the queue's pending; sent shows as approved, cancelled as rejected. */
  WITHDRAWAL: 'withdrawal',
  /**
   * A verification (KYC) document (decision 0020); its id is the document's, previewed by admins at
   * GET /admin/verification/documents/{id}/file.
   */
  VERIFICATION: 'verification',
} as const
/** Types are registered on the server (the funds and verification issues add theirs); any such slug names one. */
export const REQUEST_TYPE_PATTERN = /^[a-z][a-z_]{1,39}$/

export const ADJUSTMENT_KINDS = ['deposit', 'withdrawal', 'credit', 'correction'] as const
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number]

export const AUDIT_ACTIONS = {
  STATUS_CHANGED: 'user.status_changed',
  PLAN_CHANGED: 'user.plan_changed',
  BALANCE_ADJUSTED: 'balance.adjusted',
  REQUEST_DECIDED: 'request.decided',
  SETTINGS_UPDATED: 'settings.updated',
  LOGIN_LINK_CREATED: 'user.login_link_created',
  NOTIFICATION_SENT: 'notification.sent',
  /** The sandbox chain's "Simulate incoming transfer" (decision 0019). */
  CRYPTO_TRANSFER_SIMULATED: 'funds.crypto_transfer_simulated',
  WITHDRAWAL_SENT: 'funds.withdrawal_sent',
  /** A client's pending order cancelled from the client page (decision 0017). */
  ORDER_CANCELLED: 'order.cancelled',
} as const
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS]
