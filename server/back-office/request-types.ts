// The one request queue (decision 0017, docs/architecture.md#money-requests-files-and-mail): every kind of customer
// request is a type registered here, saying how its rows are listed and what approving and rejecting do inside the
// decision's transaction. Funds (decision 0019) added deposit (bank wires) and withdrawal, verification (decision
// 0020) its documents, each a type in REQUEST_TYPE_DEFINITIONS; the routes, the counts and the audit needed no change.
// A decision is one conditional UPDATE (pending to decided), so exactly one admin wins.
import { REQUEST_TYPES } from '../../src/domain/contract'
import { publishFundsUpdated } from '../funds/events'
import type { WithdrawalStatusMailer } from '../funds/withdrawal-mail'
import type { Publisher } from '../realtime/publisher'
import {
  REQUEST_QUEUE_TABLES,
  type DecidedRow,
  type Decision,
  type DecisionContext,
  type Executor,
  type QueueFilter,
  type RequestQueueTable,
} from '../repositories/request-queue'
import type { FundsStatusChange } from '../push/events'

export type { Decision, Executor, QueueFilter }

export interface DecidedRequest extends DecidedRow {
  /** Tells the customer more than user.updated (the cashier's funds.updated, a mail); run after the commit. */
  afterCommit?: (effects: AfterCommitEffects) => void
}

/** What a decision may do once it has committed. */
export interface AfterCommitEffects {
  publisher: Publisher
  mailWithdrawalStatus: WithdrawalStatusMailer
  /** Pushes the new status to the customer's devices, by their preferences (decision 0037). */
  pushFundsStatus?: (userId: number, change: FundsStatusChange) => void
}

/** A kind of request: its rows (repositories/request-queue.ts), its name to the customer, and what follows a decision. */
export interface RequestTypeDefinition extends Omit<RequestQueueTable, 'decide'> {
  type: string
  /** For the customer's notification: 'Your auto trader request'. */
  noun: string
  /** Pending to decided and its effect, or undefined when the request is not pending (or does not exist). */
  decide(
    tx: Executor,
    id: number,
    decision: Decision,
    context: DecisionContext,
  ): Promise<DecidedRequest | undefined>
}

const tables = REQUEST_QUEUE_TABLES

const account: RequestTypeDefinition = {
  ...tables.account,
  type: REQUEST_TYPES.ACCOUNT,
  noun: 'Your account application',
}

const autotrader: RequestTypeDefinition = {
  ...tables.autotrader,
  type: REQUEST_TYPES.AUTOTRADER,
  noun: 'Your auto trader request',
}

const planUpgrade: RequestTypeDefinition = {
  ...tables.plan_upgrade,
  type: REQUEST_TYPES.PLAN_UPGRADE,
  noun: 'Your plan upgrade request',
}

/** A bank wire (decision 0019): the customer's cashier hears funds.updated once the decision has committed. */
const deposit: RequestTypeDefinition = {
  ...tables.deposit,
  type: REQUEST_TYPES.DEPOSIT,
  noun: 'Your bank wire deposit',
  async decide(tx, id, decision, context) {
    const decided = await tables.deposit.decide(tx, id, decision, context)
    if (!decided) return undefined
    const { deposit: row, ...change } = decided
    return {
      ...change,
      afterCommit: ({ publisher, pushFundsStatus }) => {
        publishFundsUpdated(publisher, row.userId, { kind: 'deposit', id, status: row.status })
        pushFundsStatus?.(row.userId, { kind: 'deposit', id, status: row.status })
      },
    }
  },
}

/** A withdrawal (decision 0019): funds.updated and the status mail, once the decision has committed. */
const withdrawal: RequestTypeDefinition = {
  ...tables.withdrawal,
  type: REQUEST_TYPES.WITHDRAWAL,
  noun: 'Your withdrawal request',
  async decide(tx, id, decision, context) {
    const decided = await tables.withdrawal.decide(tx, id, decision, context)
    if (!decided) return undefined
    const { withdrawal: row, ...change } = decided
    return {
      ...change,
      afterCommit: ({ publisher, mailWithdrawalStatus, pushFundsStatus }) => {
        publishFundsUpdated(publisher, row.userId, { kind: 'withdrawal', id, status: row.status })
        mailWithdrawalStatus(row)
        pushFundsStatus?.(row.userId, { kind: 'withdrawal', id, status: row.status })
      },
    }
  },
}

const verification: RequestTypeDefinition = {
  ...tables.verification,
  type: REQUEST_TYPES.VERIFICATION,
  noun: 'Your verification document',
}

/** Every registered type, in the order the queue's filter offers them. */
export const REQUEST_TYPE_DEFINITIONS: readonly RequestTypeDefinition[] = [
  account,
  autotrader,
  planUpgrade,
  deposit,
  withdrawal,
  verification,
]

export function requestType(type: string): RequestTypeDefinition | undefined {
  return REQUEST_TYPE_DEFINITIONS.find((definition) => definition.type === type)
}
