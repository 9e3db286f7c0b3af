// The customer's money history (decision 0019): the transactions list (deposits and withdrawals with their statuses,
// and the ledger's own movements: savings moves, interest, adjustments, purchases) and the statement of the trading
// account (every trading ledger row with the balance it left). Always one customer's rows: the user id is part of
// every query, never a filter the caller may leave out.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { Transaction, TransactionsQuery } from '../../src/domain/contract'
import { maskedCard } from '../../src/domain/funds/card'
import type { Db } from '../db/client'
import { ledgerEntries } from '../db/schema'
import { moneyToJson } from '../lib/money'
import { tradeReference } from './trades'

export type FundsHistoryRepository = ReturnType<typeof createFundsHistoryRepository>

/**
 * The start of a UTC day given as YYYY-MM-DD, and the start of the day after it. Their ISO text reaches PostgreSQL,
 * which refuses year 0 and a year past 9999 (`+010000-01-01`): the contract's DATE_RANGE keeps both, the day after
 * included, within four-digit years (decision 0033).
 */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000)

interface TransactionRow {
  seq: number
  source: 'deposit' | 'withdrawal' | 'ledger'
  type: Transaction['type']
  status: Transaction['status']
  amount: string
  reference: string
  method: string | null
  card_brand: string | null
  card_last4: string | null
  crypto_coin: string | null
  crypto_network: string | null
  detail: string | null
  created_at: string | Date
}

const COIN_CODES: Record<string, string> = { bitcoin: 'BTC', ethereum: 'ETH', tether: 'USDT' }
const NETWORK_NAMES: Record<string, string> = { bitcoin: 'Bitcoin', erc20: 'ERC20', trc20: 'TRC20' }

function describe(row: TransactionRow): string {
  if (row.source === 'deposit') {
    if (row.method === 'card' && row.card_brand && row.card_last4)
      return maskedCard(row.card_brand, row.card_last4)
    if (row.method === 'crypto' && row.crypto_coin && row.crypto_network) {
      return `${COIN_CODES[row.crypto_coin] ?? row.crypto_coin} (${NETWORK_NAMES[row.crypto_network] ?? row.crypto_network})`
    }
    return 'Bank wire'
  }
  if (row.source === 'withdrawal') return row.detail ?? 'Withdrawal'
  switch (row.type) {
    case 'savings_in':
      return 'To savings'
    case 'savings_out':
      return 'From savings'
    case 'interest':
      return row.detail ?? 'Savings interest'
    default:
      return row.detail ?? ''
  }
}

/** A statement row's type: the transactions' words where they apply, the ledger's kind otherwise. */
export function statementType(kind: string, amountUsd: string): string {
  switch (kind) {
    case 'deposit':
      return 'deposit'
    case 'withdrawal_hold':
      return 'withdrawal'
    case 'withdrawal_release':
      return 'withdrawal_released'
    case 'savings_transfer':
      return amountUsd.startsWith('-') ? 'savings_in' : 'savings_out'
    case 'savings_interest':
      return 'interest'
    case 'ea_purchase':
      return 'purchase'
    case 'trade_pnl':
      return 'trade'
    default:
      return kind
  }
}

export interface StatementRow {
  createdAt: Date
  type: string
  reference: string
  /** numeric(18,2) text. */
  amountUsd: string
  balanceAfterUsd: string
}

export function createFundsHistoryRepository(db: Db) {
  return {
    /** One page of the customer's transactions, newest first, with the total matching the filters. */
    async transactions(
      userId: number,
      query: TransactionsQuery,
      perPage: number,
    ): Promise<{ data: Transaction[]; total: number }> {
      const movements = sql`
        select d.id as seq, 'deposit' as source, 'deposit' as type, d.status as status, d.amount as amount,
          d.reference as reference, d.method as method, d.card_brand, d.card_last4, d.crypto_coin,
          d.crypto_network, null::text as detail, d.created_at as created_at
        from deposits d where d.user_id = ${userId}
        union all
        select w.id, 'withdrawal', 'withdrawal', w.status, -w.amount, w.reference, w.method, null, null, null,
          null, w.destination, w.created_at
        from withdrawals w where w.user_id = ${userId}
        union all
        select l.id, 'ledger',
          case l.kind
            when 'savings_transfer' then case when l.amount < 0 then 'savings_in' else 'savings_out' end
            when 'savings_interest' then 'interest'
            when 'ea_purchase' then 'purchase'
            else 'adjustment' end,
          'completed', l.amount,
          case l.kind
            when 'savings_transfer' then 'SAV-' || l.id
            when 'savings_interest' then 'INT-' || l.id
            when 'ea_purchase' then 'EA-' || l.id
            else 'ADJ-' || l.id end,
          null, null, null, null, null, l.reason, l.created_at
        from ledger_entries l
        where l.user_id = ${userId}
          and (l.kind in ('adjustment', 'ea_purchase', 'savings_interest')
            or (l.kind = 'savings_transfer' and l.account = 'trading'))`
      const conditions: SQL[] = []
      if (query.type) conditions.push(sql`m.type = ${query.type}`)
      if (query.status) conditions.push(sql`m.status = ${query.status}`)
      if (query.from) conditions.push(sql`m.created_at >= ${dayStart(query.from).toISOString()}::timestamptz`)
      if (query.to) conditions.push(sql`m.created_at < ${dayAfter(query.to).toISOString()}::timestamptz`)
      const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
      const page = query.page ?? 1
      const [rows, counted] = await Promise.all([
        db
          .execute(
            sql`
          select * from (${movements}) m ${where}
          order by m.created_at desc, m.seq desc, m.source
          limit ${perPage} offset ${(page - 1) * perPage}`,
          )
          .then((result) => rowsOf<TransactionRow>(result)),
        db
          .execute(sql`select count(*) as total from (${movements}) m ${where}`)
          .then((result) => rowsOf<{ total: number | string | bigint }>(result)),
      ])
      const total = Number(counted[0]?.total ?? 0)
      const data = rows.map((row) => ({
        id: `${row.source}:${row.seq}`,
        type: row.type,
        status: row.status,
        amount: moneyToJson(String(row.amount)),
        reference: row.reference,
        description: describe(row),
        created_at: new Date(row.created_at).toISOString(),
      }))
      return { data, total }
    },

    /**
     * The trading account's statement between two UTC days (inclusive, either open): every trading ledger row in
     * the order it was booked (id order is lock order, so each balance_after follows the one before), the balance
     * before the first and after the last.
     */
    async statement(
      userId: number,
      range: { from?: string; to?: string },
    ): Promise<{ openingUsd: string; closingUsd: string; rows: StatementRow[] }> {
      const trading = and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'trading'))
      const from = range.from === undefined ? undefined : dayStart(range.from)
      const to = range.to === undefined ? undefined : dayAfter(range.to)
      const [before] =
        from === undefined
          ? []
          : await db
              .select({ balanceAfterUsd: ledgerEntries.balanceAfterUsd })
              .from(ledgerEntries)
              .where(and(trading, lt(ledgerEntries.createdAt, from)))
              .orderBy(desc(ledgerEntries.id))
              .limit(1)
      const entries = await db
        .select({
          id: ledgerEntries.id,
          kind: ledgerEntries.kind,
          amountUsd: ledgerEntries.amountUsd,
          balanceAfterUsd: ledgerEntries.balanceAfterUsd,
          createdAt: ledgerEntries.createdAt,
          tradeId: ledgerEntries.tradeId,
          reference: sql<string | null>`coalesce(
            (select d.reference from deposits d where d.id = ${ledgerEntries.depositId}),
            (select w.reference from withdrawals w where w.id = ${ledgerEntries.withdrawalId}))`,
        })
        .from(ledgerEntries)
        .where(
          and(
            trading,
            from === undefined ? undefined : gte(ledgerEntries.createdAt, from),
            to === undefined ? undefined : lt(ledgerEntries.createdAt, to),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
      const rows = entries.map((entry) => ({
        createdAt: entry.createdAt,
        type: statementType(entry.kind, entry.amountUsd),
        reference: entry.reference ?? ledgerReference(entry),
        amountUsd: entry.amountUsd,
        balanceAfterUsd: entry.balanceAfterUsd,
      }))
      const openingUsd = before?.balanceAfterUsd ?? '0.00'
      return { openingUsd, closingUsd: rows.at(-1)?.balanceAfterUsd ?? openingUsd, rows }
    },
  }
}

/** The rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows
  if (!Array.isArray(rows)) throw new Error('a raw query answered no rows array')
  return rows as T[]
}

function ledgerReference(entry: { id: number; kind: string; tradeId: number | null }): string {
  if (entry.tradeId !== null) return tradeReference(entry.tradeId)
  switch (entry.kind) {
    case 'savings_transfer':
      return `SAV-${entry.id}`
    case 'savings_interest':
      return `INT-${entry.id}`
    case 'ea_purchase':
      return `EA-${entry.id}`
    default:
      return `ADJ-${entry.id}`
  }
}
