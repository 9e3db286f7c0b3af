// The one request queue's SQL (decision 0017): each kind of customer request, how its rows are listed, counted and
// found as the queue's `QueueRequest`, and the conditional UPDATE (pending to decided) that decides one, so exactly
// one admin wins. What a decision tells the customer afterwards is the back office's
// (server/back-office/request-types.ts); this file only reads and writes rows.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TYPE_LABELS,
  REQUEST_TYPES,
  type DocumentKind,
  type QueueRequest,
  type QueueRequestStatus,
} from '../../src/domain/contract'
import { findCountry } from '../../src/domain/registration/countries'
import type { Db } from '../db/client'
import {
  autotraderRequests,
  deposits,
  planUpgradeRequests,
  plans,
  users,
  verificationDocuments,
  withdrawals,
} from '../db/schema'
import { formatDollars } from '../funds/format'
import { completeDeposit, type DepositRow } from './deposits'
import { decideWithdrawal, type WithdrawalRow } from './withdrawals'

/** A database handle or an open transaction. */
export type Executor = Pick<Db, 'select' | 'update' | 'insert'>
export type Decision = 'approve' | 'reject'

export interface QueueFilter {
  status?: QueueRequestStatus
  userId?: number
}

export interface DecisionContext {
  adminId: number
  reason: string | null
  now: Date
}

/** What a decision changed: the customer, and what the approval changed on them (for the audit row). */
export interface DecidedRow {
  userId: number
  applied: Record<string, unknown>
}

/** One kind of request's rows; `decide` is undefined when the request is not pending (or does not exist). */
export interface RequestQueueTable<TDecided extends DecidedRow = DecidedRow> {
  /** Newest first (pending first when no status is asked for), at most `limit` rows. */
  list(executor: Executor, filter: QueueFilter, limit: number): Promise<QueueRequest[]>
  count(executor: Executor, filter: QueueFilter): Promise<number>
  find(executor: Executor, id: number): Promise<QueueRequest | undefined>
  decide(
    tx: Executor,
    id: number,
    decision: Decision,
    context: DecisionContext,
  ): Promise<TDecided | undefined>
}

const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`

interface RequestTable {
  table: PgTable
  id: AnyPgColumn
  userId: AnyPgColumn
  status: AnyPgColumn
  decidedById: AnyPgColumn
  decidedAt: AnyPgColumn
  decisionReason: AnyPgColumn
  createdAt: AnyPgColumn
}

/** The columns every request table shares (autotrader_requests, plan_upgrade_requests, and the funds' ones). */
function requestTable(columns: RequestTable) {
  const where = (filter: QueueFilter, extra?: SQL) =>
    and(
      filter.status ? eq(columns.status, filter.status) : undefined,
      filter.userId !== undefined ? eq(columns.userId, filter.userId) : undefined,
      extra,
    )
  const selection = {
    id: sql<number>`${columns.id}`,
    user_id: sql<number>`${columns.userId}`,
    user_name: userName,
    account_id: users.accountId,
    email: users.email,
    status: sql<QueueRequestStatus>`${columns.status}`,
    reason: sql<string | null>`${columns.decisionReason}`,
    decided_by: sql<
      string | null
    >`(select d.first_name || ' ' || d.last_name from users d where d.id = ${columns.decidedById})`,
    decided_at: sql<Date | null>`${columns.decidedAt}`.mapWith(String),
    created_at: sql<Date>`${columns.createdAt}`.mapWith(String),
  }
  const order = [desc(sql`${columns.status} = 'pending'`), desc(columns.createdAt), desc(columns.id)]
  return { where, selection, order }
}

const toIso = (value: string | null) => (value === null ? null : new Date(value).toISOString())

function normalise(
  type: string,
  row: Omit<QueueRequest, 'type' | 'detail' | 'decided_at' | 'created_at'> & {
    decided_at: string | null
    created_at: string
  },
  detail: string,
): QueueRequest {
  return {
    ...row,
    type,
    detail,
    decided_at: toIso(row.decided_at),
    created_at: new Date(row.created_at).toISOString(),
  }
}

const autotrader: RequestQueueTable = (() => {
  const table = requestTable({ ...autotraderRequests, table: autotraderRequests })
  const select = (executor: Executor, where: SQL | undefined, limit: number) =>
    executor
      .select({ ...table.selection, level: autotraderRequests.level })
      .from(autotraderRequests)
      .innerJoin(users, eq(users.id, autotraderRequests.userId))
      .where(where)
      .orderBy(...table.order)
      .limit(limit)
  const view = ({ level, ...row }: Awaited<ReturnType<typeof select>>[number]) =>
    normalise(REQUEST_TYPES.AUTOTRADER, row, `Auto trader: ${level}`)
  return {
    list: async (executor, filter, limit) => (await select(executor, table.where(filter), limit)).map(view),
    count: (executor, filter) => countOf(executor, autotraderRequests, table.where(filter)),
    find: async (executor, id) => {
      const [row] = await select(executor, eq(autotraderRequests.id, id), 1)
      return row && view(row)
    },
    async decide(tx, id, decision, { adminId, reason, now }) {
      const [decided] = await tx
        .update(autotraderRequests)
        .set({
          status: decision === 'approve' ? 'approved' : 'rejected',
          decidedById: adminId,
          decidedAt: now,
          decisionReason: reason,
        })
        .where(and(eq(autotraderRequests.id, id), eq(autotraderRequests.status, 'pending')))
        .returning({ userId: autotraderRequests.userId, level: autotraderRequests.level })
      if (!decided) return undefined
      if (decision === 'approve') {
        await tx.update(users).set({ autotrader: true }).where(eq(users.id, decided.userId))
      }
      return {
        userId: decided.userId,
        applied: decision === 'approve' ? { autotrader: true, level: decided.level } : {},
      }
    },
  }
})()

const planUpgrade: RequestQueueTable = (() => {
  const table = requestTable({ ...planUpgradeRequests, table: planUpgradeRequests })
  const select = (executor: Executor, where: SQL | undefined, limit: number) =>
    executor
      .select({ ...table.selection, plan: plans.title })
      .from(planUpgradeRequests)
      .innerJoin(users, eq(users.id, planUpgradeRequests.userId))
      .innerJoin(plans, eq(plans.id, planUpgradeRequests.planId))
      .where(where)
      .orderBy(...table.order)
      .limit(limit)
  const view = ({ plan, ...row }: Awaited<ReturnType<typeof select>>[number]) =>
    normalise(REQUEST_TYPES.PLAN_UPGRADE, row, `Plan: ${plan}`)
  return {
    list: async (executor, filter, limit) => (await select(executor, table.where(filter), limit)).map(view),
    count: (executor, filter) => countOf(executor, planUpgradeRequests, table.where(filter)),
    find: async (executor, id) => {
      const [row] = await select(executor, eq(planUpgradeRequests.id, id), 1)
      return row && view(row)
    },
    async decide(tx, id, decision, { adminId, reason, now }) {
      const [decided] = await tx
        .update(planUpgradeRequests)
        .set({
          status: decision === 'approve' ? 'approved' : 'rejected',
          decidedById: adminId,
          decidedAt: now,
          decisionReason: reason,
        })
        .where(and(eq(planUpgradeRequests.id, id), eq(planUpgradeRequests.status, 'pending')))
        .returning({ userId: planUpgradeRequests.userId, planId: planUpgradeRequests.planId })
      if (!decided) return undefined
      if (decision === 'approve') {
        await tx.update(users).set({ accountTypeId: decided.planId }).where(eq(users.id, decided.userId))
      }
      return {
        userId: decided.userId,
        applied: decision === 'approve' ? { account_type_id: decided.planId } : {},
      }
    },
  }
})()

/**
 * A new sign-up waiting for the client management team (docs/product/README.md#what-the-product-is): the request is
 * the account itself, its id the user's. Only pending accounts are listed; once decided, the account's history is in
 * the audit log.
 */
const account: RequestQueueTable = (() => {
  const pendingCustomer = and(eq(users.role, 'customer'), eq(users.status, 'pending'))
  const listed = (filter: QueueFilter) =>
    filter.status === undefined || filter.status === 'pending'
      ? and(pendingCustomer, filter.userId !== undefined ? eq(users.id, filter.userId) : undefined)
      : sql`false`
  const select = (executor: Executor, where: SQL | undefined, limit: number) =>
    executor
      .select({
        id: users.id,
        user_id: users.id,
        user_name: userName,
        account_id: users.accountId,
        email: users.email,
        created_at: sql<string>`${users.createdAt}`.mapWith(String),
        country: users.country,
        accountStatus: users.status,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
  const STATUS_OF_ACCOUNT = { pending: 'pending', active: 'approved', deactivated: 'rejected' } as const
  const view = ({ country, accountStatus, ...row }: Awaited<ReturnType<typeof select>>[number]) =>
    normalise(
      REQUEST_TYPES.ACCOUNT,
      { ...row, status: STATUS_OF_ACCOUNT[accountStatus], reason: null, decided_by: null, decided_at: null },
      country ? `New account (${findCountry(country)?.label ?? country})` : 'New account',
    )
  return {
    list: async (executor, filter, limit) => (await select(executor, listed(filter), limit)).map(view),
    count: (executor, filter) => countOf(executor, users, listed(filter)),
    find: async (executor, id) => {
      const [row] = await select(executor, and(eq(users.id, id), eq(users.role, 'customer')), 1)
      return row && view(row)
    },
    async decide(tx, id, decision) {
      const status = decision === 'approve' ? 'active' : 'deactivated'
      const [decided] = await tx
        .update(users)
        .set({ status })
        .where(and(eq(users.id, id), pendingCustomer))
        .returning({ userId: users.id })
      // `account_status`, not `status`: the audit row's `status` is the request's (approved or rejected).
      return decided && { userId: decided.userId, applied: { account_status: status } }
    },
  }
})()

/**
 * A bank wire the customer says they sent (decision 0019): approving it when the money arrived completes the deposit
 * and credits it (one ledger row, in the decision's transaction); rejecting it says why. Card and crypto deposits
 * settle without the queue, so only wires are listed.
 */
const deposit: RequestQueueTable<DecidedRow & { deposit: DepositRow }> = (() => {
  const table = requestTable({ ...deposits, table: deposits })
  const wires = eq(deposits.method, 'wire')
  // completed is the queue's approved; a wire is never 'failed'.
  const queueStatus = sql<QueueRequestStatus>`case ${deposits.status} when 'pending' then 'pending' when 'completed' then 'approved' else 'rejected' end`
  const where = (filter: QueueFilter) =>
    and(
      wires,
      filter.status === undefined ? undefined : eq(queueStatus, filter.status),
      filter.userId === undefined ? undefined : eq(deposits.userId, filter.userId),
    )
  const select = (executor: Executor, condition: SQL | undefined, limit: number) =>
    executor
      .select({
        ...table.selection,
        status: queueStatus,
        depositStatus: deposits.status,
        amountUsd: deposits.amountUsd,
        reference: deposits.reference,
      })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(condition)
      .orderBy(desc(sql`${deposits.status} = 'pending'`), desc(deposits.createdAt), desc(deposits.id))
      .limit(limit)
  const view = ({
    amountUsd,
    reference,
    depositStatus,
    ...row
  }: Awaited<ReturnType<typeof select>>[number]) => ({
    ...normalise(
      REQUEST_TYPES.DEPOSIT,
      row,
      `Bank wire ${formatDollars(Number(amountUsd))}, reference ${reference}`,
    ),
    state: depositStatus,
  })
  return {
    list: async (executor, filter, limit) => (await select(executor, where(filter), limit)).map(view),
    count: (executor, filter) => countOf(executor, deposits, where(filter)),
    find: async (executor, id) => {
      const [row] = await select(executor, and(eq(deposits.id, id), wires), 1)
      return row && view(row)
    },
    async decide(tx, id, decision, { adminId, reason, now }) {
      const decided =
        decision === 'approve'
          ? await completeDeposit(tx, id, now, { decidedById: adminId, where: wires })
          : (
              await tx
                .update(deposits)
                .set({
                  status: 'rejected',
                  failureReason: reason,
                  decidedById: adminId,
                  decidedAt: now,
                  decisionReason: reason,
                })
                .where(and(eq(deposits.id, id), eq(deposits.status, 'pending'), wires))
                .returning()
            )[0]
      if (!decided) return undefined
      return {
        userId: decided.userId,
        applied: {
          deposit_status: decided.status,
          ...(decision === 'approve' ? { amount: Number(decided.amountUsd) } : {}),
        },
        deposit: decided,
      }
    },
  }
})()

/**
 * A withdrawal (decision 0019). In review is the queue's pending: approving moves it on to the payout (marked sent
 * with POST /admin/withdrawals/{id}/sent), rejecting releases its hold (a ledger row in the decision's transaction).
 * In the queue a sent one shows as approved and a cancelled one as rejected; the detail says which.
 */
const withdrawal: RequestQueueTable<DecidedRow & { withdrawal: WithdrawalRow }> = (() => {
  const queueStatus = sql<QueueRequestStatus>`case
    when ${withdrawals.status} = 'in_review' then 'pending'
    when ${withdrawals.status} in ('approved', 'sent') then 'approved'
    else 'rejected' end`
  const STATUSES_OF: Record<
    QueueRequestStatus,
    readonly ('in_review' | 'approved' | 'sent' | 'rejected' | 'cancelled')[]
  > = {
    pending: ['in_review'],
    approved: ['approved', 'sent'],
    rejected: ['rejected', 'cancelled'],
  }
  const where = (filter: QueueFilter) =>
    and(
      filter.status === undefined ? undefined : inArray(withdrawals.status, [...STATUSES_OF[filter.status]]),
      filter.userId === undefined ? undefined : eq(withdrawals.userId, filter.userId),
    )
  const table = requestTable({ ...withdrawals, table: withdrawals })
  const select = (executor: Executor, condition: SQL | undefined, limit: number) =>
    executor
      .select({
        ...table.selection,
        status: queueStatus,
        withdrawalStatus: withdrawals.status,
        amountUsd: withdrawals.amountUsd,
        reference: withdrawals.reference,
        destination: withdrawals.destination,
        payoutReference: withdrawals.payoutReference,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(condition)
      .orderBy(
        desc(sql`${withdrawals.status} = 'in_review'`),
        desc(withdrawals.createdAt),
        desc(withdrawals.id),
      )
      .limit(limit)
  const view = ({
    withdrawalStatus,
    amountUsd,
    reference,
    destination,
    payoutReference,
    ...row
  }: Awaited<ReturnType<typeof select>>[number]) => {
    const outcome =
      withdrawalStatus === 'sent'
        ? `: sent${payoutReference ? ` (${payoutReference})` : ''}`
        : withdrawalStatus === 'cancelled'
          ? ': cancelled by the customer'
          : withdrawalStatus === 'approved'
            ? ': approved, to be sent'
            : ''
    return {
      ...normalise(
        REQUEST_TYPES.WITHDRAWAL,
        row,
        `Withdrawal ${formatDollars(Number(amountUsd))} to ${destination}, ${reference}${outcome}`,
      ),
      state: withdrawalStatus,
    }
  }
  return {
    list: async (executor, filter, limit) => (await select(executor, where(filter), limit)).map(view),
    count: (executor, filter) => countOf(executor, withdrawals, where(filter)),
    find: async (executor, id) => {
      const [row] = await select(executor, eq(withdrawals.id, id), 1)
      return row && view(row)
    },
    async decide(tx, id, decision, context) {
      const decided = await decideWithdrawal(tx, id, decision, context)
      if (!decided) return undefined
      return {
        userId: decided.userId,
        applied: { withdrawal_status: decided.status, amount: Number(decided.amountUsd) },
        withdrawal: decided,
      }
    },
  }
})()

/**
 * A verification (KYC) document (decision 0020): approving or rejecting it is its review; the customer's level
 * follows from the approved documents (src/domain/account/verification-levels.ts), so nothing else changes on the
 * user.
 */
const verification: RequestQueueTable = (() => {
  const table = requestTable({ ...verificationDocuments, table: verificationDocuments })
  const select = (executor: Executor, where: SQL | undefined, limit: number) =>
    executor
      .select({
        ...table.selection,
        documentType: verificationDocuments.type,
        kind: verificationDocuments.kind,
        fileName: verificationDocuments.fileName,
        issuedOn: verificationDocuments.issuedOn,
      })
      .from(verificationDocuments)
      .innerJoin(users, eq(users.id, verificationDocuments.userId))
      .where(where)
      .orderBy(...table.order)
      .limit(limit)
  const view = ({
    documentType,
    kind,
    fileName,
    issuedOn,
    ...row
  }: Awaited<ReturnType<typeof select>>[number]) => {
    const details = [
      kind ? DOCUMENT_KIND_LABELS[kind as DocumentKind] : undefined,
      issuedOn && `issued ${issuedOn}`,
    ]
    const said = details.filter(Boolean).join(', ')
    const what = `${DOCUMENT_TYPE_LABELS[documentType]}${said ? ` (${said})` : ''}`
    return normalise(REQUEST_TYPES.VERIFICATION, row, `${what}: ${fileName}`)
  }
  return {
    list: async (executor, filter, limit) => (await select(executor, table.where(filter), limit)).map(view),
    count: (executor, filter) => countOf(executor, verificationDocuments, table.where(filter)),
    find: async (executor, id) => {
      const [row] = await select(executor, eq(verificationDocuments.id, id), 1)
      return row && view(row)
    },
    async decide(tx, id, decision, { adminId, reason, now }) {
      const [decided] = await tx
        .update(verificationDocuments)
        .set({
          status: decision === 'approve' ? 'approved' : 'rejected',
          decidedById: adminId,
          decidedAt: now,
          decisionReason: reason,
        })
        .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.status, 'pending')))
        .returning({ userId: verificationDocuments.userId, type: verificationDocuments.type })
      return decided && { userId: decided.userId, applied: { document_type: decided.type } }
    },
  }
})()

async function countOf(executor: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where)
  return row?.count ?? 0
}

/** Every kind of request's rows, by the queue's type name. */
export const REQUEST_QUEUE_TABLES = {
  [REQUEST_TYPES.ACCOUNT]: account,
  [REQUEST_TYPES.AUTOTRADER]: autotrader,
  [REQUEST_TYPES.PLAN_UPGRADE]: planUpgrade,
  [REQUEST_TYPES.DEPOSIT]: deposit,
  [REQUEST_TYPES.WITHDRAWAL]: withdrawal,
  [REQUEST_TYPES.VERIFICATION]: verification,
} as const
